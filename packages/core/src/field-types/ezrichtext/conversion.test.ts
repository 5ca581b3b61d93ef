import { describe, expect, it } from '@jest/globals';
import { FieldValueError } from '../field-type.js';
import { docbookToXhtml5Edit, richTextPlainText, xhtml5EditToDocbook } from './index.js';

const ROOT =
  '<section xmlns="http://docbook.org/ns/docbook" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
  'xmlns:ezxhtml="http://ibexa.co/xmlns/dxp/docbook/xhtml" xmlns:ezcustom="http://ibexa.co/xmlns/dxp/docbook/custom" ' +
  'version="5.0-variant ezpublish-1.0">';
const docbook = (body: string): string => `<?xml version="1.0" encoding="UTF-8"?>\n${ROOT}${body}</section>\n`;
const EDIT_ROOT = '<section xmlns="http://ibexa.co/namespaces/ezpublish5/xhtml5/edit">';
const edit = (body: string): string => `<?xml version="1.0" encoding="UTF-8"?>\n${EDIT_ROOT}${body}</section>\n`;

/** Pairs that convert into each other exactly. */
const PAIRS: readonly (readonly [name: string, docbook: string, edit: string])[] = [
  ['a paragraph', '<para>Hi</para>', '<p>Hi</p>'],
  ['emphasis and strong', '<para><emphasis>a</emphasis> <emphasis role="strong">b</emphasis></para>', '<p><em>a</em> <strong>b</strong></p>'],
  ['underline, strike and deletion',
    '<para><emphasis role="underlined">u</emphasis><emphasis role="strikedthrough">s</emphasis><emphasis role="strikedthrough" revisionflag="deleted">d</emphasis></para>',
    '<p><u>u</u><s>s</s><del>d</del></p>'],
  ['sub- and superscript', '<para>H<subscript>2</subscript>O x<superscript>2</superscript></para>', '<p>H<sub>2</sub>O x<sup>2</sup></p>'],
  ['a link opening a new window',
    '<para><link xlink:href="https://ibexa.co" xlink:show="new" xlink:title="Ibexa">site</link></para>',
    '<p><a href="https://ibexa.co" target="_blank" title="Ibexa">site</a></p>'],
  ['an anchor', '<para><anchor xml:id="top"/>Top</para>', '<p><a id="top"/>Top</p>'],
  ['headings by level', '<title ezxhtml:level="1">A</title><title ezxhtml:level="6">F</title>', '<h1>A</h1><h6>F</h6>'],
  ['paragraph attributes', '<para xml:id="p1" ezxhtml:class="lead" ezxhtml:textalign="center">x</para>', '<p id="p1" class="lead" style="text-align:center;">x</p>'],
  ['an itemized list', '<itemizedlist><listitem><para>one</para></listitem><listitem><para>two</para></listitem></itemizedlist>', '<ul><li><p>one</p></li><li><p>two</p></li></ul>'],
  ['an ordered list with numeration', '<orderedlist numeration="lowerroman"><listitem><para>i</para></listitem></orderedlist>', '<ol style="list-style-type:lower-roman;"><li><p>i</p></li></ol>'],
  ['line breaks', '<para><literallayout class="normal">line 1\nline 2</literallayout></para>', '<p>line 1<br/>line 2</p>'],
  ['a program listing', '<programlisting language="php">echo "&lt;b&gt;";</programlisting>', '<pre data-language="php">echo "&lt;b&gt;";</pre>'],
  ['a blockquote', '<blockquote><para>quoted</para></blockquote>', '<blockquote><p>quoted</p></blockquote>'],
  ['a table', '<informaltable border="1"><tbody><tr><th>h</th><td colspan="2">c</td></tr></tbody></informaltable>',
    '<table border="1"><tbody><tr><th>h</th><td colspan="2">c</td></tr></tbody></table>'],
  ['a captioned table with a head', '<table><caption>Cap</caption><thead><tr><th>h</th></tr></thead><tbody><tr><td>c</td></tr></tbody></table>',
    '<table><caption>Cap</caption><thead><tr><th>h</th></tr></thead><tbody><tr><td>c</td></tr></tbody></table>'],
  ['an embed with configuration',
    '<ezembed xlink:href="ezcontent://57" view="embed" ezxhtml:class="ez-embed-type-image"><ezconfig><ezvalue key="size">medium</ezvalue></ezconfig></ezembed>',
    '<div data-ezelement="ezembed" data-href="ezcontent://57" data-ezview="embed" class="ez-embed-type-image"><span data-ezelement="ezconfig"><span data-ezelement="ezvalue" data-ezvalue-key="size">medium</span></span></div>'],
  ['custom attributes', '<para><ezattribute><ezvalue key="tone">warm</ezvalue></ezattribute>x</para>', '<p data-ezattribute-tone="warm">x</p>'],
];

describe('docbookToXhtml5Edit', () => {
  it.each(PAIRS)('converts %s', (_, from, to) => {
    expect(docbookToXhtml5Edit(docbook(from))).toBe(edit(to));
  });

  it('drops formatting whitespace between blocks and gives an empty section for an empty document', () => {
    expect(docbookToXhtml5Edit(`${ROOT}\n  <para>a</para>\n  <para>b</para>\n</section>`)).toBe(edit('<p>a</p><p>b</p>'));
    expect(docbookToXhtml5Edit(docbook(''))).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n${EDIT_ROOT.replace(/>$/, '/>')}\n`);
  });

  it('derives a missing heading level from the section depth', () => {
    expect(docbookToXhtml5Edit(docbook('<title>A</title><section><title>B</title></section>'))).toBe(
      edit('<h1>A</h1><section><h2>B</h2></section>'),
    );
  });

  it('rejects a document that is not DocBook', () => {
    expect(() => docbookToXhtml5Edit(edit('<p>x</p>'))).toThrow(FieldValueError);
  });
});

describe('xhtml5EditToDocbook', () => {
  it.each(PAIRS)('converts %s', (_, to, from) => {
    expect(xhtml5EditToDocbook(edit(from))).toBe(docbook(to));
  });

  it('maps b/i like strong/em and gives a bare list item a paragraph', () => {
    expect(xhtml5EditToDocbook(edit('<p><b>b</b><i>i</i></p><ul><li>bare</li></ul>'))).toBe(
      docbook('<para><emphasis role="strong">b</emphasis><emphasis>i</emphasis></para><itemizedlist><listitem><para>bare</para></listitem></itemizedlist>'),
    );
  });

  it('wraps inline content of the section in a paragraph and unwraps plain spans', () => {
    expect(xhtml5EditToDocbook(edit('Loose <span>text</span><p>x</p>'))).toBe(docbook('<para>Loose text</para><para>x</para>'));
  });

  it('turns a named anchor into an anchor', () => {
    expect(xhtml5EditToDocbook(edit('<p><a name="here"/>x</p>'))).toBe(docbook('<para><anchor xml:id="here"/>x</para>'));
  });

  it('marks links without a target as xlink:show="none"', () => {
    expect(xhtml5EditToDocbook(edit('<p><a href="/about">About</a></p>'))).toBe(
      docbook('<para><link xlink:href="/about" xlink:show="none">About</link></para>'),
    );
  });

  it('rejects other roots and malformed XML', () => {
    expect(() => xhtml5EditToDocbook('<section><p>x</p></section>')).toThrow(FieldValueError);
    expect(() => xhtml5EditToDocbook(`${EDIT_ROOT}<p>x</section>`)).toThrow(FieldValueError);
  });
});

describe('richTextPlainText', () => {
  it('gives one line per block, collapsing whitespace and skipping embed configuration', () => {
    const xml = docbook(
      '<title>Title</title><para>Some   <emphasis>text</emphasis>\n here</para>' +
        '<itemizedlist><listitem><para>one</para></listitem></itemizedlist>' +
        '<ezembed xlink:href="ezcontent://1"><ezconfig><ezvalue key="size">medium</ezvalue></ezconfig></ezembed>' +
        '<para><literallayout class="normal">a\nb</literallayout></para>',
    );
    expect(richTextPlainText(xml)).toBe('Title\nSome text here\none\na\nb');
  });

  it('reads XHTML5 edit documents too', () => {
    expect(richTextPlainText(edit('<h2>T</h2><p>x &amp; y</p>'))).toBe('T\nx & y');
  });

  it('decodes character references', () => {
    expect(richTextPlainText(docbook('<para>caf&#233; &#x2713;</para>'))).toBe('café ✓');
  });
});
