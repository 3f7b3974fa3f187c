/**
 * The real sidebar (the HTML the add-on passed to showSidebar, i.e. dist/Sidebar.html) served
 * with a small script in front of its own: `google.script.run` and `google.script.host` as Apps
 * Script provides them, implemented with fetch to the playground server.
 */

/** The top-level function declarations of a bundle: what google.script.run can call. */
export function topLevelFunctions(bundleSource: string): string[] {
  const names = new Set<string>();
  for (const m of bundleSource.matchAll(/^function\s+([A-Za-z_$][\w$]*)\s*\(/gm)) names.add(m[1]);
  return [...names];
}

/** Functions whose names end in `_` are private: Apps Script does not expose them to the page. */
export function callableFromPage(name: string, known: readonly string[]): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(name) && !name.endsWith('_') && known.includes(name);
}

/**
 * The bridge. Each withSuccessHandler/withFailureHandler/withUserObject returns a new runner, as
 * in Apps Script, so a runner kept by the page is not changed by a later chain. Calls go out in
 * order; handlers run asynchronously with (value, userObject) / (error, userObject).
 */
function bridgeSource(functionNames: readonly string[], closes: 'close-sidebar' | 'close-dialog'): string {
  return `(function () {
  'use strict';
  var NAMES = ${JSON.stringify(functionNames.filter((n) => !n.endsWith('_')))};
  function toError(info) {
    var e = new Error(info && info.message ? String(info.message) : 'The server call failed.');
    if (info && info.name) e.name = String(info.name);
    return e;
  }
  function invoke(name, args, onSuccess, onFailure, userObject) {
    var body;
    try { body = JSON.stringify({ name: name, args: args }); } catch (e) { if (onFailure) setTimeout(function () { onFailure(e, userObject); }); return; }
    fetch('/api/run', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Playground': '1' }, body: body })
      .then(function (res) { return res.json(); })
      .then(function (answer) {
        if (answer && answer.ok) { if (onSuccess) onSuccess(answer.value, userObject); }
        else if (onFailure) onFailure(toError(answer && answer.error), userObject);
      }, function (e) {
        if (onFailure) onFailure(new Error('The playground server did not answer: ' + (e && e.message ? e.message : e)), userObject);
      });
  }
  function runner(onSuccess, onFailure, userObject) {
    var r = {
      withSuccessHandler: function (f) { return runner(f, onFailure, userObject); },
      withFailureHandler: function (f) { return runner(onSuccess, f, userObject); },
      withUserObject: function (o) { return runner(onSuccess, onFailure, o); }
    };
    NAMES.forEach(function (name) {
      r[name] = function () { invoke(name, Array.prototype.slice.call(arguments), onSuccess, onFailure, userObject); };
    });
    return r;
  }
  function tellParent(type, extra) { try { window.parent.postMessage(Object.assign({ source: 'hub-sync-playground', type: type }, extra || {}), window.location.origin); } catch (e) { /* no parent */ } }
  window.google = {
    script: {
      run: runner(null, null, undefined),
      host: {
        close: function () { tellParent(${JSON.stringify(closes)}); },
        setHeight: function (h) { tellParent('set-height', { height: Number(h) }); },
        setWidth: function () {},
        editor: { focus: function () { tellParent('focus-editor'); } }
      }
    }
  };
})();`;
}

/**
 * The sign-in hint: a line put under the sign-in form's legend once the sidebar has drawn it (as
 * text, never markup). The sidebar's own code is not changed and never reads it.
 */
function hintSource(hint: string): string {
  return `(function () {
  'use strict';
  var HINT = ${JSON.stringify(hint)};
  function place() {
    var form = document.getElementById('token-signin-form');
    if (!form || document.getElementById('playground-signin-hint')) return;
    var legend = form.querySelector('legend');
    var p = document.createElement('p');
    p.id = 'playground-signin-hint';
    p.className = 'hint';
    p.textContent = HINT;
    if (legend && legend.parentNode) legend.parentNode.insertBefore(p, legend.nextSibling);
    else form.insertBefore(p, form.firstChild);
  }
  new MutationObserver(place).observe(document, { childList: true, subtree: true });
})();`;
}

/**
 * The sidebar's (or an HTML dialog's: `closes` says which google.script.host.close() closes) HTML
 * with the bridge as the first script of <head>; `signInHint`, when given, is
 * shown on the sign-in form (the playground's demo login while its own hub is the add-on's).
 */
export function withBridge(
  html: string,
  functionNames: readonly string[],
  signInHint: string | null = null,
  closes: 'close-sidebar' | 'close-dialog' = 'close-sidebar',
): string {
  const source = bridgeSource(functionNames, closes) + (signInHint ? `\n${hintSource(signInHint)}` : '');
  const script = `<script>${source.replace(/<\/script/gi, '<\\/script')}</script>`;
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
  return script + html;
}
