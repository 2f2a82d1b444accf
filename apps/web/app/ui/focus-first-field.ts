import { useEffect, type RefObject } from 'react';

/**
 * A part just added (a block of a lesson or a post) gives its first field the focus. The rich-text
 * editor appears only once its code has loaded, which takes a while on a slow phone: the field is
 * waited for (at most 10 s), and the wait ends as soon as the person puts the focus elsewhere.
 */
export function useFocusFirstField(container: RefObject<HTMLElement | null>, active: boolean, selector: string): void {
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const focus = () => {
      const field = root.querySelector<HTMLElement>(selector);
      if (!field) return false;
      field.focus();
      field.scrollIntoView({ block: 'center' });
      return true;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => {
      if (focus()) stop();
    });
    const timer = setTimeout(() => stop(), 10_000);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('focusin', stop);
    }
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['contenteditable'] });
    document.addEventListener('focusin', stop);
    return stop;
  }, [container, active, selector]);
}
