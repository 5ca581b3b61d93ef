/**
 * A small Markdown → HTML converter for `RichTextFieldInput { format: markdown }` (Ibexa uses Parsedown):
 * ATX headings, paragraphs, `-`/`*`/`+` and numbered lists, block quotes, fenced code blocks, and inline
 * `**strong**`, `*em*`/`_em_`, `` `code` `` and `[links](url)`. HTML in the input is escaped.
 */

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Inline Markdown of one block's text. */
export function inlineMarkdown(text: string): string {
  const codes: string[] = [];
  let html = escapeHtml(text).replace(/`([^`]+)`/g, (_match, code: string) => {
    codes.push(`<code>${code}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  html = html
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_match, label: string, href: string) => `<a href="${href}">${label}</a>`)
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_match, a: string | undefined, b: string | undefined) => `<strong>${a ?? b ?? ''}</strong>`)
    .replace(/\*([^*]+)\*|\b_([^_]+)_\b/g, (_match, a: string | undefined, b: string | undefined) => `<em>${a ?? b ?? ''}</em>`);
  return html.replace(/\u0000(\d+)\u0000/g, (_match, index: string) => codes[Number(index)] ?? '');
}

/** HTML of a Markdown document. */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: string[] = [];
  let index = 0;
  const paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(`<p>${inlineMarkdown(paragraph.join(' '))}</p>`);
    paragraph.length = 0;
  };
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (line.trim() === '') {
      flush();
      index += 1;
    } else if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      blocks.push(`<h${level}>${inlineMarkdown(heading[2] ?? '')}</h${level}>`);
      index += 1;
    } else if (/^```/.test(line)) {
      flush();
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !/^```/.test(lines[index] ?? '')) code.push(lines[index++] ?? '');
      index += 1;
      blocks.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      flush();
      const ordered = /^\s*\d+[.)]\s+/.test(line);
      const items: string[] = [];
      while (index < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[index] ?? '')) {
        items.push(`<li>${inlineMarkdown((lines[index] ?? '').replace(/^\s*([-*+]|\d+[.)])\s+/, ''))}</li>`);
        index += 1;
      }
      blocks.push(ordered ? `<ol>${items.join('')}</ol>` : `<ul>${items.join('')}</ul>`);
    } else if (/^>\s?/.test(line)) {
      flush();
      const quote: string[] = [];
      while (index < lines.length && /^>\s?/.test(lines[index] ?? '')) quote.push((lines[index++] ?? '').replace(/^>\s?/, ''));
      blocks.push(`<blockquote>${markdownToHtml(quote.join('\n'))}</blockquote>`);
    } else {
      paragraph.push(line.trim());
      index += 1;
    }
  }
  flush();
  return blocks.join('');
}
