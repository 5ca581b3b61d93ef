import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { isRecord } from '../api/api-error.js';
import type { FieldDefinition } from '../api/wire-types.js';

/** Editor building blocks shared by several field types. */

/** What an editor gets: the current value (stored or changed), its definition and an id for its label. */
export interface EditorProps {
  readonly value: unknown;
  readonly definition: FieldDefinition;
  readonly id: string;
  readonly onChange: (value: unknown) => void;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * A text input whose text the editor keeps itself, sending `parse(text)` on every keystroke: the value sent back
 * (a number, a list) cannot show a half-typed `9.` or `a, ` again.
 */
export function TextKeptEditor(props: EditorProps & { readonly format: (value: unknown) => string; readonly parse: (text: string) => unknown; readonly type?: string; readonly step?: string; readonly placeholder?: string }) {
  const [shown, setShown] = useState(() => props.format(props.value));
  return (
    <input
      id={props.id}
      type={props.type ?? 'text'}
      step={props.step}
      placeholder={props.placeholder}
      value={shown}
      onInput={(event) => {
        setShown(event.currentTarget.value);
        props.onChange(props.parse(event.currentTarget.value));
      }}
    />
  );
}

/** Reads a chosen file as base64 (the REST payload of an upload). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A file input with the current file shown (`current`) or, for an image, a preview of the chosen one; sends the
 * REST upload hash (`fileName`, base64 `data`, and for an image its `alternativeText`).
 */
export function FileEditor(props: EditorProps & { readonly image: boolean; readonly current: JSX.Element }) {
  const [preview, setPreview] = useState<string | undefined>();
  useEffect(() => () => preview && URL.revokeObjectURL(preview), [preview]);
  const current = isRecord(props.value) ? props.value : {};
  return (
    <div class="file-editor">
      {preview ? <img class="image image-preview" src={preview} alt="" /> : props.current}
      <input
        id={props.id}
        type="file"
        accept={props.image ? 'image/*' : undefined}
        onChange={(event) => void (async () => {
          const file = event.currentTarget.files?.[0];
          if (!file) return;
          if (props.image) setPreview(URL.createObjectURL(file));
          const data = await readBase64(file);
          props.onChange(props.image ? { fileName: file.name, alternativeText: text(current['alternativeText']) || file.name, data } : { fileName: file.name, data });
        })()}
      />
    </div>
  );
}

