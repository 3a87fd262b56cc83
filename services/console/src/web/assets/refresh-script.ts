/**
 * /recursos/atualizar.js (docs/decisions/0078): on an order's page while it runs, fetches the same page again when the
 * API's `consultar_daqui_s` (the section's `data-atualizar-em`) says, between 3 and 30 seconds, honouring a 429's
 * Retry-After, and swaps the result section in place (announced politely to screen readers). Without JavaScript the
 * page has an "Atualizar" link that does the same.
 */
export const REFRESH_SCRIPT = `'use strict';
(function () {
  var first = document.querySelector('[data-atualizar-em]');
  if (!first) return;
  function later(seconds) {
    var wait = Math.min(Math.max(Number.isFinite(seconds) ? seconds : 5, 3), 30);
    window.setTimeout(refresh, wait * 1000);
  }
  function refresh() {
    fetch(window.location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(function (response) {
        if (!response.ok) {
          later(Number(response.headers.get('retry-after') || '10'));
          return;
        }
        return response.text().then(function (text) {
          var fresh = new DOMParser().parseFromString(text, 'text/html').getElementById('resultado');
          var current = document.getElementById('resultado');
          if (!fresh || !current) return;
          current.innerHTML = fresh.innerHTML;
          var next = fresh.getAttribute('data-atualizar-em');
          if (next === null) current.removeAttribute('data-atualizar-em');
          else {
            current.setAttribute('data-atualizar-em', next);
            later(Number(next));
          }
        });
      })
      .catch(function () {
        later(10);
      });
  }
  later(Number(first.getAttribute('data-atualizar-em')));
})();
`;
