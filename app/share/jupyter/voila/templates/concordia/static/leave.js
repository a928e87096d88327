// Leaving a chapter page of the tutor's app mode (included first of the page's scripts, by index.html.j2).
//
// A game in progress asks first: while the page shows a table a person is playing (the class
// cc-game-in-progress, set by widgets/table/table_screen.py), the browser asks before the page is left.
//
// A page gives its kernel back only when it is really left: Voilà shuts the page's kernel down from a
// "beforeunload" listener, which runs before the person has answered that question, so a person who stays
// would be left with a dead page. Every "beforeunload" listener added after this script runs at "pagehide"
// instead: when the page is going (closed, reloaded, or left), the shutdown call goes as before.
(function () {
  "use strict";
  const add = window.addEventListener.bind(window);
  window.addEventListener = function (type, listener, options) {
    return add(type === "beforeunload" ? "pagehide" : type, listener, options);
  };
  add("beforeunload", function (event) {
    if (document.querySelector(".cc-game-in-progress")) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
})();
