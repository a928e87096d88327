/* The Concordia tutor's JupyterLab plugin, loaded by `make tutor` and `make tutor-ja` only (the Makefile passes
 * --LabApp.extra_labextensions_path=lab/labextensions). It is written by hand as the module-federation container
 * JupyterLab 4 loads a prebuilt extension from ({init, get} under window._JUPYTERLAB[name]), so it needs no build
 * step and no package from the network; it imports nothing, and talks to JupyterLab through the application
 * object its plugin is given and the commands every notebook has.
 *
 * - A chapter of the learner's working copy (notebook metadata concordia.run_on_open, set by
 *   scripts/tutor_copy.py) that has not been run yet is run when it is first shown (a tab in the background
 *   waits until the learner turns to it), then saved: the learner sees its screens without knowing about
 *   Run All, and the chapter is not left marked modified. JupyterLab 4 has no setting for this.
 * - The file browser starts folded, so a chapter has the window's width (the folder icon on the left opens it).
 * - In a chapter the prompts ("[1]:"), the collapser bars (a click on one hides a screen) and the cell toolbar
 *   are not shown.
 */
var _JUPYTERLAB;
(function () {
  'use strict';
  var NAME = 'concordia-tutor-lab';
  var CHAPTER = 'cc-tutor-chapter';   // class of a chapter's notebook panel
  // what a learner could break a chapter with, or that only takes room: prompts, collapser bars, the cell toolbar
  // (off in lab/settings/overrides.json; hidden here too, as JupyterLab may draw it before the settings load)
  var CSS = ['.jp-InputPrompt', '.jp-OutputPrompt', '.jp-Collapser', '.jp-cell-toolbar']
    .map(function (part) { return '.' + CHAPTER + ' ' + part; }).join(', ') + ' { display: none; }';
  var ran = new WeakSet();   // chapters run by the plugin (or found run before)

  function isNotebookPanel(widget) {
    return !!(widget && widget.content && widget.context && widget.sessionContext && widget.content.widgets);
  }

  function isChapter(panel) {
    var mark = panel.model && panel.model.getMetadata('concordia');
    return !!(mark && mark.run_on_open);
  }

  function neverRun(panel) {
    return panel.content.widgets.every(function (cell) {
      return cell.model.type !== 'code' || cell.model.executionCount == null;
    });
  }

  /* Run a chapter that was never run, once, when it is shown (still the current tab once its kernel is ready:
   * a tab restored at the start and left at once for the one the address names waits); then save it. */
  async function runWhenShown(app, panel) {
    if (ran.has(panel)) return;
    await panel.context.ready;
    if (!isChapter(panel)) return;
    panel.addClass(CHAPTER);
    await panel.sessionContext.ready;
    if (ran.has(panel) || panel.isDisposed || app.shell.currentWidget !== panel) return;
    ran.add(panel);
    if (!neverRun(panel) || !panel.sessionContext.session) return;   // run before, or no kernel chosen
    var notebook = panel.content, outer = notebook.node.querySelector('.jp-WindowedPanel-outer') || notebook.node;
    var active = notebook.activeCellIndex, top = outer.scrollTop;
    await app.commands.execute('notebook:run-all-cells', { widgetId: panel.id, activate: false });
    if (panel.isDisposed) return;
    notebook.activeCellIndex = active;   // Run All leaves the last cell active, scrolled to: back where the learner was
    notebook.deselectAll();
    outer.scrollTop = top;
    if (panel.model.dirty) await panel.context.save();
  }

  var plugin = {
    id: NAME + ':plugin',
    description: 'The Concordia tutor: chapters run when opened, the file browser starts folded.',
    autoStart: true,
    activate: function (app) {
      var style = document.createElement('style');
      style.id = NAME + '-style';
      style.textContent = CSS;
      document.head.appendChild(style);
      var consider = function (widget) {
        if (isNotebookPanel(widget)) {
          runWhenShown(app, widget).catch(function (error) { console.warn(NAME + ': a chapter did not run: ' + error); });
        }
      };
      // The document the address names (/lab/tree/PATH), which JupyterLab opens once it has restored the tabs
      // of the last session: the tab restored as current then is left at once, and is not run.
      var named = /\/tree\/(.+)$/.exec(window.location.pathname);
      app.restored.then(function () {
        app.shell.collapseLeft();
        var current = app.shell.currentWidget;
        if (!named || (current && current.context && current.context.path === decodeURIComponent(named[1]))) {
          consider(current);
        }
        app.shell.currentChanged.connect(function (_, change) { consider(change.newValue); });
      });
    }
  };

  var modules = { './extension': function () { return { __esModule: true, default: [plugin] }; } };
  _JUPYTERLAB = _JUPYTERLAB || {};
  _JUPYTERLAB[NAME] = {
    init: function () { return Promise.resolve(); },   // it shares no module and takes none
    get: function (module) {
      if (!Object.prototype.hasOwnProperty.call(modules, module)) {
        return Promise.reject(new Error('Module "' + module + '" does not exist in container.'));
      }
      return Promise.resolve(modules[module]);
    }
  };
})();
