// Voici 0.10's page and the Pyodide kernel's extension (jupyterlite-pyodide-kernel 0.7.2) were built against
// different JupyterLite releases (0.7.0 and 0.7.5). Each extension container the page loads gets a share scope
// amended so the two meet (scripts/build_site.py includes this through the site's template):
// * the page shares no @jupyterlab/pluginmanager nor @jupyterlab/statedb, which the extension's bundled
//   @jupyterlite/apputils asks for as singletons (for a plugin list and a translation connector a Voici page never
//   shows): stand-ins are offered, unless the page has the real ones;
// * the extension takes the page's own @jupyterlite/apputils (0.7.0, offered as 0.7.5) instead of its bundled copy,
//   so its tokens are the page's: the service worker the page registers is found, and the kernel mounts the
//   browser's JupyterLite storage at /drive (where the tutor keeps its saves).
(function () {
  'use strict';
  const STAND_INS = {
    '@jupyterlab/pluginmanager': {PluginListModel: class PluginListModel {}, IPluginManager: {name: 'IPluginManager'}},
    '@jupyterlab/statedb': {DataConnector: class DataConnector {}, IStateDB: {name: 'IStateDB'}},
  };
  const SAME = {'@jupyterlite/apputils': '0.7.5'};
  function amend(scope) {
    for (const [name, standIn] of Object.entries(STAND_INS)) {
      if (!scope[name]) scope[name] = {'4.5.7': {get: () => Promise.resolve(() => standIn), loaded: 1, from: 'concordia-site'}};
    }
    for (const [name, version] of Object.entries(SAME)) {
      const versions = scope[name] || {};
      const page = Object.keys(versions).find(v => v.startsWith('0.7.'));
      if (page && !versions[version]) versions[version] = versions[page];
    }
  }
  function offered(container) {
    if (!container || typeof container !== 'object') return container;
    return {get: module => container.get(module), init: scope => { amend(scope); return container.init(scope); }};
  }
  window._JUPYTERLAB = new Proxy(window._JUPYTERLAB || {}, {set(target, name, container) { target[name] = offered(container); return true; }});
})();
