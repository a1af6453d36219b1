/**
 * Runs in the page: what a reader would meet that breaks the layout. The page must not scroll
 * sideways, and every control must be reachable: brought into view, it lies within the screen,
 * nothing else lies over its middle, and its own text is not cut. It returns one sentence per
 * problem, empty when the page is sound. (Passed to page.evaluate, so it names nothing outside.)
 */
export async function findLayoutProblems(): Promise<string[]> {
  // A panel sliding in is judged where it comes to rest.
  const settling = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined));
  await Promise.race([Promise.all(settling), new Promise((done) => setTimeout(done, 2_000))]);
  const problems: string[] = [];
  const root = document.documentElement;
  const describe = (element: Element) => {
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    return `${role} "${text.replace(/\s+/g, ' ').slice(0, 40)}"`;
  };
  if (root.scrollWidth > root.clientWidth + 1) {
    // Name the innermost elements that reach past the edge: they are what to fix.
    const beyond = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        element.getBoundingClientRect().right > root.clientWidth + 1 &&
        ![...element.children].some(
          (child) => child.getBoundingClientRect().right > root.clientWidth + 1,
        ),
    );
    problems.push(
      `the page scrolls sideways (${root.scrollWidth} px in ${root.clientWidth} px): ${beyond
        .slice(0, 3)
        .map(describe)
        .join(', ')}`,
    );
  }
  const controls = document.querySelectorAll<HTMLElement>(
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="button"], [role="menuitem"]',
  );
  const { scrollX, scrollY } = window;
  for (const control of controls) {
    if (control.closest('[aria-hidden="true"], [inert], [hidden]')) continue;
    const style = getComputedStyle(control);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const before = control.getBoundingClientRect();
    // Visually hidden controls (a skip link until focused) are clipped to 1 px or set beyond the
    // page's top or left edge on purpose.
    if (before.width <= 1 || before.height <= 1) continue;
    if (before.right + scrollX <= 0 || before.bottom + scrollY <= 0) continue;
    control.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const box = control.getBoundingClientRect();
    if (box.left < -1 || box.right > root.clientWidth + 1) {
      problems.push(`${describe(control)} reaches outside the screen`);
      continue;
    }
    const x = box.left + box.width / 2;
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    // A toast lies over the page for a few seconds and can be swiped away: not a covering. Nor
    // is an open dialog, menu or popover over the page behind it, which is there to be closed.
    const overlaps = top && !control.contains(top) && !top.contains(control);
    const layer = '[role="dialog"], [role="alertdialog"], [role="menu"]';
    const behindLayer = top?.closest(layer) && !control.closest(layer);
    if (
      overlaps &&
      !behindLayer &&
      !labels(control, top) &&
      !top.closest('[data-toast-viewport]')
    ) {
      problems.push(`${describe(control)} is covered by ${describe(top)}`);
    }
    const cut = !['INPUT', 'TEXTAREA', 'SELECT'].includes(control.tagName);
    if (cut && control.scrollWidth > control.clientWidth + 1) {
      problems.push(`${describe(control)} is too narrow for its text`);
    }
  }
  window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' });
  return problems;

  /** A radio or checkbox sits inside (or is named by) the label that lies over it. */
  function labels(control: HTMLElement, top: Element) {
    const label = top.closest('label');
    return label !== null && (label.contains(control) || label.htmlFor === control.id);
  }
}
