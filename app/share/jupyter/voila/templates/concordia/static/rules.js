/* Rule links open in place (the app mode). The chapters link rules as ../docs/rules.md#R-ARCH-4 (../../docs/rules.ja.md
   in notebooks/ja/), right in JupyterLab; the app serves no docs/, so here a click (or Enter) on such a link, with any
   relative prefix, opens that rule in a dialog, read from the app's rules page of the link's language
   (rules.en.html or rules.ja.html beside this file, made by scripts/rule_pages.py). A link without a rule id opens the
   whole page in a new tab, and so does a middle or modified click. The current page never navigates: a game at the
   table stays as it is. A bare #R-... link that names no element of the page (a rule's text in a refusal box cites
   another rule so) opens the dialog too. */
(() => {
  'use strict';
  const TEXTS = {
    en: {close: 'Close', whole: 'The whole rule text', failed: 'The rule text could not be loaded.'},
    ja: {close: '閉じる', whole: 'ルール全文', failed: 'ルール文を読み込めませんでした。'},
  };
  const DOC = /\/rules(\.ja)?\.md$/;
  const STYLE = `
    .cc-rule-dialog { box-sizing: border-box; width: min(42rem, calc(100vw - 1rem)); max-height: calc(100dvh - 1rem);
      padding: 0; border: 1px solid #767676; border-radius: 8px; background: #fff; color: #1b1b1b; overflow: auto;
      font: 16px/1.55 system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans CJK JP", sans-serif;
      box-shadow: 0 8px 28px rgba(0, 0, 0, .3); overflow-wrap: break-word; }
    .cc-rule-dialog::backdrop { background: rgba(0, 0, 0, .45); }
    .cc-rule-dialog > div { padding: 0 1rem 1rem; }
    .cc-rule-dialog header { position: sticky; top: 0; display: flex; gap: .75rem; align-items: center;
      justify-content: space-between; padding: .5rem 0; background: #fff; border-bottom: 1px solid #d0d0d0; }
    .cc-rule-dialog h2 { margin: 0; font-size: 1.1rem; line-height: 1.35; }
    .cc-rule-dialog h2:focus { outline: none; }
    .cc-rule-dialog button { flex: none; min-width: 44px; min-height: 44px; padding: 0 1rem; font: inherit;
      color: #1b1b1b; background: #f2f2f2; border: 1px solid #595959; border-radius: 6px; cursor: pointer; }
    .cc-rule-dialog a { color: #0b57a4; }
    .cc-rule-dialog a.cc-rule-whole { display: inline-block; min-height: 44px; line-height: 44px; }
    .cc-rule-dialog :focus-visible { outline: 3px solid #0b57a4; outline-offset: 2px; }
    .cc-rule-dialog code { font-family: ui-monospace, monospace; background: #f1f1f1; padding: 0 .2em; }
    .cc-rule-dialog table { display: block; overflow-x: auto; border-collapse: collapse; }
    .cc-rule-dialog th, .cc-rule-dialog td { border: 1px solid #b8b8b8; padding: .25rem .5rem; }`;
  const pages = {};       // language -> the rules page, parsed (a Promise, fetched once)
  let dialog = null;      // made at the first rule link followed
  let opener = null;      // the link that opened the dialog: focus goes back to it
  let shown = 0;          // the latest rule asked for (an earlier one still loading is dropped)

  function pageUrl(language) {
    const base = (document.body && document.body.dataset.baseUrl) || '/voila/';
    return new URL(`${base}templates/concordia/static/rules.${language}.html`, location.href).href;
  }

  function rulesPage(language) {
    if (!pages[language]) {
      pages[language] = fetch(pageUrl(language))
        .then(answer => { if (!answer.ok) throw new Error(`${answer.status}`); return answer.text(); })
        .then(text => new DOMParser().parseFromString(text, 'text/html'));
      pages[language].catch(() => { delete pages[language]; });     // asked again next time
    }
    return pages[language];
  }

  function pageLanguage(link) {
    const near = link.closest('.cc-rule') || document;    // a refusal box links its rule's page of its language
    if (near.querySelector('a[href*="rules.ja."]')) return 'ja';
    return (document.documentElement.lang || '').startsWith('ja') ? 'ja' : 'en';
  }

  /* {language, id} for a link to the rule text (id '' for the whole text), or null for any other link. */
  function ruleTarget(link) {
    const href = link.getAttribute('href') || '';
    if (href.startsWith('#R-')) {
      if (dialog && dialog.contains(link)) return {language: dialog.lang, id: href.slice(1)};
      return document.getElementById(href.slice(1)) ? null : {language: pageLanguage(link), id: href.slice(1)};
    }
    let url;
    try { url = new URL(href, location.href); } catch (error) { return null; }
    const doc = DOC.exec(url.pathname);
    return doc && {language: doc[1] ? 'ja' : 'en', id: decodeURIComponent(url.hash.slice(1))};
  }

  function build() {
    const made = document.createElement('dialog');
    made.className = 'cc-rule-dialog';
    made.setAttribute('aria-labelledby', 'cc-rule-dialog-title');
    made.innerHTML = '<div><header><h2 id="cc-rule-dialog-title" tabindex="-1"></h2><button type="button"></button></header>'
      + '<div class="cc-rule-text"></div><a class="cc-rule-whole" target="_blank" rel="noopener"></a></div>';
    made.querySelector('button').addEventListener('click', () => made.close());
    made.addEventListener('click', event => {      // a click on the backdrop (not on the dialog's own scroll bar)
      const box = made.getBoundingClientRect();
      const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
      if (event.target === made && outside) made.close();
    });
    made.addEventListener('close', () => {
      if (opener && opener.isConnected) opener.focus();
      opener = null;
    });
    const style = document.createElement('style');
    style.textContent = STYLE;
    document.head.append(style);
    document.body.append(made);
    return made;
  }

  async function show(language, id, link) {
    dialog = dialog || build();
    const texts = TEXTS[language];
    const title = dialog.querySelector('h2');
    const text = dialog.querySelector('.cc-rule-text');
    const whole = dialog.querySelector('.cc-rule-whole');
    const asked = ++shown;
    dialog.lang = language;
    title.textContent = id;
    text.replaceChildren();
    dialog.querySelector('button').textContent = texts.close;
    whole.textContent = texts.whole;
    whole.href = `${pageUrl(language)}#${id}`;
    if (!dialog.open) {
      opener = link;
      dialog.showModal();
    }
    title.focus();
    let section = null;
    try { section = (await rulesPage(language)).getElementById(id); } catch (error) { section = null; }
    if (asked !== shown) return;
    if (!section) {
      text.textContent = texts.failed;
      return;
    }
    const heading = section.querySelector('h3');
    title.textContent = heading ? heading.textContent : id;
    for (const child of section.children) {
      if (child !== heading) text.append(document.importNode(child, true));
    }
    for (const inner of text.querySelectorAll('a[href]')) {
      const href = inner.getAttribute('href');
      if (href.startsWith('#R-')) continue;                 // another rule: shown in this dialog
      inner.href = new URL(href, pageUrl(language)).href;   // anything else of the rule text: in a new tab
      inner.target = '_blank';
      inner.rel = 'noopener';
    }
    dialog.scrollTop = 0;
  }

  /* A click, or Enter on a focused link (the browser makes it a click), on a link to the rule text. */
  function follow(event) {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const found = link && ruleTarget(link);
    if (!found) return;
    event.preventDefault();
    event.stopPropagation();
    const inTab = !found.id.startsWith('R-') || event.button === 1 || event.ctrlKey || event.metaKey || event.shiftKey;
    if (inTab) window.open(`${pageUrl(found.language)}${found.id ? `#${found.id}` : ''}`, '_blank', 'noopener');
    else show(found.language, found.id, link);
  }

  window.addEventListener('click', follow, true);
  window.addEventListener('auxclick', event => { if (event.button === 1) follow(event); }, true);
})();
