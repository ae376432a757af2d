/**
 * The snapshot walk, run inside the page. A string rather than a function for the reason given in
 * stealth/page-scripts.ts. It walks the DOM in document order (open shadow roots included), skips
 * what is not rendered or is hidden from assistive technology, and gives each element an ARIA role
 * (explicit `role`, else the HTML-AAM implicit role) and an accessible name (aria-labelledby,
 * aria-label, label, alt, value, contents, title, placeholder: the accname order, simplified).
 * Interactive elements are returned so the caller can hold them by ref.
 */
export const SNAPSHOT_SCRIPT = `(options) => {
  const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox',
    'listbox', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider',
    'spinbutton', 'treeitem']);
  const STRUCTURE = new Set(['heading', 'banner', 'navigation', 'main', 'contentinfo', 'complementary',
    'region', 'form', 'search', 'dialog', 'alertdialog']);
  const INPUT_ROLES = { button: 'button', submit: 'button', reset: 'button', image: 'button', file: 'button',
    color: 'button', checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton',
    search: 'searchbox' };
  const SECTIONING = 'article, aside, main, nav, section';
  const clean = (text) => (text || '').replace(/\\s+/g, ' ').trim().slice(0, 120);
  const textOf = (el) => clean(el.innerText !== undefined ? el.innerText : el.textContent);
  const byIds = (ids) => clean(ids.split(/\\s+/).map((id) => {
    const target = document.getElementById(id);
    return target ? target.textContent : '';
  }).join(' '));

  const implicitRole = (el) => {
    const tag = el.localName;
    switch (tag) {
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
      case 'button': case 'summary': return 'button';
      case 'input': {
        const type = (el.getAttribute('type') || 'text').toLowerCase();
        if (type === 'hidden') return null;
        if (INPUT_ROLES[type]) return INPUT_ROLES[type];
        return el.hasAttribute('list') ? 'combobox' : 'textbox';
      }
      case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'textarea': return 'textbox';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'nav': return 'navigation';
      case 'main': return 'main';
      case 'aside': return 'complementary';
      case 'search': return 'search';
      case 'dialog': return 'dialog';
      case 'header': return el.parentElement && el.parentElement.closest(SECTIONING) ? null : 'banner';
      case 'footer': return el.parentElement && el.parentElement.closest(SECTIONING) ? null : 'contentinfo';
      case 'section': return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
      case 'form': return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') || el.hasAttribute('name') ? 'form' : null;
      default: return el.isContentEditable && el.getAttribute('contenteditable') !== null ? 'textbox' : null;
    }
  };
  const roleOf = (el) => {
    const explicit = (el.getAttribute('role') || '').trim().split(/\\s+/)[0];
    if (explicit && explicit !== 'none' && explicit !== 'presentation' && explicit !== 'generic') return explicit;
    return implicitRole(el);
  };
  const labelOf = (el) => {
    if (el.labels && el.labels.length) return clean([...el.labels].map((label) => label.textContent).join(' '));
    return '';
  };
  const nameOf = (el, role) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) { const name = byIds(labelledBy); if (name) return name; }
    const aria = clean(el.getAttribute('aria-label'));
    if (aria) return aria;
    const tag = el.localName;
    if (tag === 'input' || tag === 'select' || tag === 'textarea') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (tag === 'input' && (type === 'submit' || type === 'reset' || type === 'button')) {
        return clean(el.value) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
      }
      if (tag === 'input' && type === 'image') return clean(el.getAttribute('alt')) || 'Submit';
      return labelOf(el) || clean(el.getAttribute('title')) || clean(el.getAttribute('placeholder'));
    }
    if (tag === 'img') return clean(el.getAttribute('alt'));
    if (STRUCTURE.has(role) && role !== 'heading') return '';
    const text = textOf(el);
    if (text) return text;
    const img = el.querySelector && el.querySelector('img[alt]');
    if (img) return clean(img.getAttribute('alt'));
    return clean(el.getAttribute('title'));
  };
  const statesOf = (el, role) => {
    const states = [];
    if ((role === 'checkbox' || role === 'radio' || role === 'switch') &&
        (el.checked || el.getAttribute('aria-checked') === 'true')) states.push('[checked]');
    if (el.disabled || el.getAttribute('aria-disabled') === 'true') states.push('[disabled]');
    if (el.getAttribute('aria-expanded') === 'true') states.push('[expanded]');
    if (role === 'heading') {
      const level = /^h([1-6])$/.exec(el.localName);
      states.push('[level=' + (level ? level[1] : el.getAttribute('aria-level') || '2') + ']');
    }
    if ((role === 'textbox' || role === 'searchbox' || role === 'spinbutton') && el.localName !== 'div') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (type !== 'password' && el.value) states.push('value="' + clean(el.value).slice(0, 60) + '"');
    }
    if (role === 'combobox' && el.localName === 'select' && el.selectedOptions && el.selectedOptions.length) {
      states.push('value="' + clean(el.selectedOptions[0].textContent).slice(0, 60) + '"');
    }
    return states;
  };
  const hidden = (el) => {
    if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('inert')) return true;
    if (typeof el.checkVisibility === 'function') {
      return !el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true });
    }
    const style = getComputedStyle(el);
    return style.display === 'none' || style.visibility === 'hidden';
  };

  const lines = [];
  const elements = [];
  let truncated = false;
  const visit = (el) => {
    if (truncated) return;
    const tag = el.localName;
    if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript' || tag === 'head') return;
    const role = roleOf(el);
    const interactive = role !== null && INTERACTIVE.has(role);
    // A hidden container hides its subtree, except that visibility can be undone lower down.
    if (hidden(el)) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('inert')) return;
    } else if (interactive || (!options.interactiveOnly && role !== null && STRUCTURE.has(role))) {
      if (lines.length >= options.maxNodes) { truncated = true; return; }
      const name = nameOf(el, role);
      const states = statesOf(el, role);
      const parts = ['[' + role + ']'];
      if (name) parts.push(name);
      parts.push(...states);
      if (interactive) {
        elements.push(el);
        lines.push('@e' + elements.length + ' ' + parts.join(' '));
      } else {
        lines.push(parts.join(' '));
      }
      // Options of a native select are read through the select itself.
      if (tag === 'select') return;
    }
    if (el.shadowRoot) for (const child of el.shadowRoot.children) visit(child);
    for (const child of el.children) visit(child);
  };
  if (document.body) visit(document.body);
  return { lines, elements, truncated };
}`;
