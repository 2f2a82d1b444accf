// The stand-in's browser scripts (decision 0027): each speaks the browser API of its provider, so
// the site's code is the same against Google / Yandex and against /dev/captcha/. Instead of
// looking at the visitor, they ask the stand-in's POST /dev/captcha/token/ for a token.
// Plain ES2017 for any browser; served as they are, never bundled.

/** reCAPTCHA v3: `api.js?render={siteKey}` → `grecaptcha.ready(cb)`, `grecaptcha.execute(siteKey, {action})`. */
export const RECAPTCHA_STANDIN_SCRIPT = `(function () {
  'use strict';
  var src = new URL(document.currentScript.src);
  var tokenUrl = new URL('token/', src);
  var siteKey = src.searchParams.get('render');
  function issue(action) {
    return fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: action }),
      credentials: 'omit',
    }).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok || typeof body.token !== 'string') throw new Error('stand-in: no token');
        return body.token;
      });
    });
  }
  window.grecaptcha = {
    ready: function (callback) {
      setTimeout(callback, 0);
    },
    execute: function (key, options) {
      if (!siteKey || key !== siteKey) return Promise.reject(new Error('Invalid site key or not loaded in api.js: ' + key));
      var action = options && options.action;
      if (!action) return Promise.reject(new Error('Missing required parameters: action'));
      return issue(action);
    },
  };
})();
`;

/**
 * Yandex SmartCaptcha, invisible: `captcha.js?render=onload&onload={name}` calls `window[name]()`;
 * `smartCaptcha.render(container, {sitekey, invisible, hideShield, callback})` → widget id,
 * `execute(id)` → `callback(token)`, `getResponse`, `reset`, `destroy`, `subscribe(id, event, cb)`.
 */
export const SMARTCAPTCHA_STANDIN_SCRIPT = `(function () {
  'use strict';
  var src = new URL(document.currentScript.src);
  var tokenUrl = new URL('token/', src);
  var widgets = [];
  function widget(id) {
    var found = widgets[id === undefined ? widgets.length - 1 : id];
    if (!found) throw new Error('SmartCaptcha: no widget ' + id);
    return found;
  }
  function emit(found, event, value) {
    (found.listeners[event] || []).forEach(function (listener) {
      listener(value);
    });
  }
  window.smartCaptcha = {
    render: function (container, params) {
      var element = typeof container === 'string' ? document.getElementById(container) : container;
      if (!element) throw new Error('SmartCaptcha: no container');
      if (!params || !params.sitekey) throw new Error('SmartCaptcha: no sitekey');
      widgets.push({ element: element, params: params, token: '', listeners: {} });
      element.setAttribute('data-smartcaptcha-standin', params.invisible ? 'invisible' : 'visible');
      return widgets.length - 1;
    },
    execute: function (id) {
      var found = widget(id);
      fetch(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'omit' })
        .then(function (res) {
          return res.json().then(function (body) {
            if (!res.ok || typeof body.token !== 'string') throw new Error('stand-in: no token');
            return body.token;
          });
        })
        .then(
          function (token) {
            found.token = token;
            if (typeof found.params.callback === 'function') found.params.callback(token);
            emit(found, 'success', token);
          },
          function () {
            emit(found, 'network-error');
          },
        );
    },
    getResponse: function (id) {
      return widget(id).token;
    },
    reset: function (id) {
      widget(id).token = '';
    },
    destroy: function (id) {
      var found = widget(id);
      found.element.removeAttribute('data-smartcaptcha-standin');
      widgets[widgets.indexOf(found)] = undefined;
    },
    subscribe: function (id, event, listener) {
      var found = widget(id);
      (found.listeners[event] = found.listeners[event] || []).push(listener);
      return function () {
        found.listeners[event] = found.listeners[event].filter(function (other) {
          return other !== listener;
        });
      };
    },
  };
  var onload = src.searchParams.get('onload');
  if (src.searchParams.get('render') === 'onload' && onload && typeof window[onload] === 'function') {
    setTimeout(function () {
      window[onload]();
    }, 0);
  }
})();
`;
