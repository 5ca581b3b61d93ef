import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { isRecord } from '../api/api-error.js';
import { loadContentInfo } from '../api/content-api.js';
import type { FieldDefinition } from '../api/wire-types.js';
import { useAsync } from '../use-async.js';
import { FileEditor, TextKeptEditor, type EditorProps } from './field-editor-parts.js';
import { ImageVariation } from './image-variation.js';
import { Link } from './link.js';
import { paragraphsToRichText, richTextToParagraphs, RichTextView } from './rich-text.js';

export type { EditorProps };

/**
 * The field types the browser knows, one plug-in each: how a value (the REST `fieldValue` hash) is shown and, when
 * the type can be edited here, its editor. An editor calls `onChange` with the hash to send (the input form, which
 * for some types differs from the output form: a date as `timestamp`, a new file as base64 `data`).
 */
export interface FieldTypePlugin {
  /** Renders a stored value. */
  readonly view: (value: unknown, definition: FieldDefinition | undefined) => JSX.Element;
  /** Edits a value; absent = the type is shown read-only in the editor. */
  readonly editor?: (props: EditorProps) => JSX.Element;
}

const empty = <span class="empty">empty</span>;
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

function RelatedContent(props: { readonly contentId: number }) {
  const [info] = useAsync(() => loadContentInfo(props.contentId), [props.contentId]);
  return <Link to={`/content/${props.contentId}`}>{info.state === 'done' ? info.value.Name : `Content ${props.contentId}`}</Link>;
}

const textLine: FieldTypePlugin = {
  view: (value) => (text(value) === '' ? empty : <span>{text(value)}</span>),
  editor: ({ value, id, onChange }) => <input id={id} type="text" value={text(value)} onInput={(event) => onChange(event.currentTarget.value)} />,
};

const textBlock: FieldTypePlugin = {
  view: (value) => (text(value) === '' ? empty : <p class="text-block">{text(value)}</p>),
  editor: ({ value, id, onChange }) => <textarea id={id} rows={5} value={text(value)} onInput={(event) => onChange(event.currentTarget.value)} />,
};

function RichTextEditor({ value, id, onChange }: EditorProps) {
  // The editor keeps its own text: the value it sends back is the input form ({xml}), which it cannot read again.
  const [paragraphs, setParagraphs] = useState(() => richTextToParagraphs(value));
  return (
    <>
      <textarea
        id={id}
        rows={8}
        value={paragraphs}
        onInput={(event) => {
          setParagraphs(event.currentTarget.value);
          onChange(paragraphsToRichText(event.currentTarget.value));
        }}
      />
      <small class="hint">Plain paragraphs, separated by a blank line (saving rewrites the text as paragraphs).</small>
    </>
  );
}

const richText: FieldTypePlugin = { view: (value) => <RichTextView value={value} />, editor: RichTextEditor };

function numberPlugin(step: string): FieldTypePlugin {
  return {
    view: (value) => (value === null || value === undefined ? empty : <span>{String(value)}</span>),
    editor: (props) => <TextKeptEditor {...props} type="number" step={step} format={text} parse={(input) => (input.trim() === '' ? null : Number(input))} />,
  };
}

const checkbox: FieldTypePlugin = {
  view: (value) => <span>{value === true ? 'Yes' : 'No'}</span>,
  editor: ({ value, id, onChange }) => <input id={id} type="checkbox" checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />,
};

/** Seconds since the epoch of a date value (output `{timestamp, rfc850}` or input `{timestamp}`). */
const timestampOf = (value: unknown): number | undefined => (typeof record(value)['timestamp'] === 'number' ? (record(value)['timestamp'] as number) : undefined);

function datePlugin(withTime: boolean): FieldTypePlugin {
  return {
    view: (value) => {
      const seconds = timestampOf(value);
      if (seconds === undefined) return empty;
      const date = new Date(seconds * 1000);
      return <time dateTime={date.toISOString()}>{withTime ? date.toLocaleString() : date.toLocaleDateString(undefined, { timeZone: 'UTC' })}</time>;
    },
    editor: ({ value, id, onChange }) => {
      const seconds = timestampOf(value);
      // Dates are kept as midnight UTC (Ibexa's date field); date and time in the browser's time zone.
      const shown = seconds === undefined ? '' : withTime ? toLocalInput(new Date(seconds * 1000)) : new Date(seconds * 1000).toISOString().slice(0, 10);
      return (
        <input
          id={id}
          type={withTime ? 'datetime-local' : 'date'}
          value={shown}
          onInput={(event) => {
            const input = event.currentTarget.value;
            if (input === '') onChange(null);
            else onChange({ timestamp: Math.floor((withTime ? new Date(input) : new Date(`${input}T00:00:00Z`)).getTime() / 1000) });
          }}
        />
      );
    },
  };
}

function toLocalInput(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The options of a selection definition (`fieldSettings.options`: a list or an index → label map). */
function selectionOptions(definition: FieldDefinition | undefined): { readonly options: readonly [number, string][]; readonly multiple: boolean } {
  const settings = record(definition?.fieldSettings);
  const raw = settings['options'];
  const options: [number, string][] = Array.isArray(raw) ? raw.map((label, index) => [index, text(label)]) : Object.entries(record(raw)).map(([index, label]) => [Number(index), text(label)]);
  return { options, multiple: settings['isMultiple'] === true };
}

const selection: FieldTypePlugin = {
  view: (value, definition) => {
    const { options } = selectionOptions(definition);
    const chosen = Array.isArray(value) ? value.map((index) => options.find(([key]) => key === index)?.[1] ?? String(index)) : [];
    return chosen.length === 0 ? empty : <span>{chosen.join(', ')}</span>;
  },
  editor: ({ value, definition, id, onChange }) => {
    const { options, multiple } = selectionOptions(definition);
    const chosen = Array.isArray(value) ? value.map(Number) : [];
    return (
      <select
        id={id}
        multiple={multiple}
        onChange={(event) => onChange(Array.from(event.currentTarget.selectedOptions).flatMap((option) => (option.value === '' ? [] : [Number(option.value)])))}
      >
        {multiple ? null : <option value="">—</option>}
        {options.map(([key, label]) => (
          <option value={String(key)} selected={chosen.includes(key)}>
            {label}
          </option>
        ))}
      </select>
    );
  },
};

const image: FieldTypePlugin = {
  view: (value) => {
    const hash = record(value);
    const variations = record(hash['variations']);
    const variation = 'medium' in variations ? 'medium' : Object.keys(variations)[0];
    const href = variation === undefined ? undefined : record(variations[variation])['href'];
    if (typeof href !== 'string' || variation === undefined) return empty;
    return (
      <figure class="image-field">
        <ImageVariation href={href} alt={text(hash['alternativeText'])} variation={variation} />
        <figcaption>
          {text(hash['fileName'])} · {Object.keys(variations).join(', ')}
        </figcaption>
      </figure>
    );
  },
  editor: (props) => <FileEditor {...props} image={true} current={image.view(props.value, props.definition)} />,
};

const binaryFile: FieldTypePlugin = {
  view: (value) => {
    const hash = record(value);
    const url = text(hash['url'] ?? hash['uri']);
    if (url === '') return empty;
    const size = typeof hash['fileSize'] === 'number' ? ` (${Math.ceil(hash['fileSize'] / 1024)} KB)` : '';
    return (
      <a href={url} download={text(hash['fileName'])}>
        {text(hash['fileName'])}
        {size}
      </a>
    );
  },
  editor: (props) => <FileEditor {...props} image={false} current={binaryFile.view(props.value, props.definition)} />,
};

const relation: FieldTypePlugin = {
  view: (value) => {
    const id = record(value)['destinationContentId'];
    return typeof id === 'number' ? <RelatedContent contentId={id} /> : empty;
  },
  editor: (props) => (
    <TextKeptEditor
      {...props}
      type="number"
      placeholder="Content id"
      format={(value) => text(record(value)['destinationContentId'])}
      parse={(input) => ({ destinationContentId: input.trim() === '' ? null : Number(input) })}
    />
  ),
};

const idList = (value: unknown): number[] => (Array.isArray(record(value)['destinationContentIds']) ? (record(value)['destinationContentIds'] as unknown[]).map(Number) : []);

const relationList: FieldTypePlugin = {
  view: (value) => {
    const ids = idList(value);
    return ids.length === 0 ? empty : (
      <ul class="relations">
        {ids.map((id) => (
          <li key={id}>
            <RelatedContent contentId={id} />
          </li>
        ))}
      </ul>
    );
  },
  editor: (props) => (
    <TextKeptEditor
      {...props}
      placeholder="Content ids, comma-separated"
      format={(value) => idList(value).join(', ')}
      parse={(input) => ({ destinationContentIds: input.split(/[\s,]+/).filter(Boolean).map(Number) })}
    />
  ),
};

const url: FieldTypePlugin = {
  view: (value) => {
    const link = text(record(value)['link']);
    return link === '' ? empty : <a href={/^(https?:|mailto:)/i.test(link) ? link : undefined} rel="noreferrer" target="_blank">{text(record(value)['text']) || link}</a>;
  },
  editor: ({ value, id, onChange }) => (
    <span class="pair">
      <input id={id} type="url" placeholder="https://…" value={text(record(value)['link'])} onInput={(event) => onChange({ ...record(value), link: event.currentTarget.value })} />
      <input type="text" placeholder="Label" value={text(record(value)['text'])} onInput={(event) => onChange({ ...record(value), text: event.currentTarget.value })} />
    </span>
  ),
};

const keywords: FieldTypePlugin = {
  view: (value) => (Array.isArray(value) && value.length > 0 ? <span>{value.map(text).join(', ')}</span> : empty),
  editor: (props) => (
    <TextKeptEditor
      {...props}
      placeholder="Comma-separated"
      format={(value) => (Array.isArray(value) ? value.map(text).join(', ') : '')}
      parse={(input) => input.split(',').map((word) => word.trim()).filter(Boolean)}
    />
  ),
};

const readOnlyJson: FieldTypePlugin = {
  view: (value) => (value === null || value === undefined ? empty : <code class="json">{JSON.stringify(value)}</code>),
};

const user: FieldTypePlugin = {
  view: (value) => {
    const hash = record(value);
    return hash['login'] === undefined ? empty : <span>{`${text(hash['login'])} <${text(hash['email'])}>${hash['enabled'] === false ? ' (disabled)' : ''}`}</span>;
  },
};

const authors: FieldTypePlugin = {
  view: (value) => (Array.isArray(value) && value.length > 0 ? <span>{value.map((author) => text(record(author)['name'])).join(', ')}</span> : empty),
};

/** The plug-ins by field type identifier (Ibexa 4.x names; 5.x `ibexa_*` names are mapped to them). */
const PLUGINS: Readonly<Record<string, FieldTypePlugin>> = {
  ezstring: textLine,
  ezemail: textLine,
  ezisbn: textLine,
  eztext: textBlock,
  ezrichtext: richText,
  ezinteger: numberPlugin('1'),
  ezfloat: numberPlugin('any'),
  ezboolean: checkbox,
  ezdate: datePlugin(false),
  ezdatetime: datePlugin(true),
  ezselection: selection,
  ezimage: image,
  ezbinaryfile: binaryFile,
  ezmedia: binaryFile,
  ezobjectrelation: relation,
  ezobjectrelationlist: relationList,
  ezurl: url,
  ezkeyword: keywords,
  ezuser: user,
  ezauthor: authors,
};

/** The plug-in of a field type (`ibexa_string` is `ezstring`); unknown types are shown as JSON, read-only. */
export function fieldTypePlugin(fieldTypeIdentifier: string): FieldTypePlugin {
  const legacy = fieldTypeIdentifier.startsWith('ibexa_') ? `ez${fieldTypeIdentifier.slice(6).replace(/_/g, '')}` : fieldTypeIdentifier;
  return PLUGINS[legacy] ?? readOnlyJson;
}
