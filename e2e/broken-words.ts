/**
 * Runs in the page: every word of the visible text that the layout breaks across two lines, as
 * "word" (where). A word is a run without spaces; a break at a hyphen or a soft hyphen is a
 * line-break opportunity the text offers, not a broken word, and so is a word (an email, a
 * username) wider than its whole line. (Passed to page.evaluate, so it
 * names nothing outside.)
 */
export function findBrokenWords(): string[] {
  const broken: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('[aria-hidden="true"], script, style, .sr-only')) continue;
    if (parent.getClientRects().length === 0) continue;
    const text = node.textContent ?? '';
    for (const match of text.matchAll(/[^\s\u00ad-]+/g)) {
      if (match[0].length < 2) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set(
        [...range.getClientRects()]
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top)),
      );
      const width = [...range.getClientRects()].reduce((sum, rect) => sum + rect.width, 0);
      if (lines.size > 1 && width <= lineWidth(parent)) {
        const where = parent.closest('h1, h2, h3, a, button, p, li, label') ?? parent;
        broken.push(`"${match[0]}" (${where.tagName.toLowerCase()})`);
      }
    }
  }
  return broken;

  /** The width of the lines of the block the text lies in. */
  function lineWidth(element: Element): number {
    let block: Element | null = element;
    while (block && getComputedStyle(block).display.startsWith('inline'))
      block = block.parentElement;
    if (!block) return Infinity;
    const style = getComputedStyle(block);
    return block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }
}
