import { ApiError } from '../api/api-error.js';
import type { FieldInput } from '../api/content-api.js';
import { translated, type FieldDefinition } from '../api/wire-types.js';
import { fieldTypePlugin } from './field-types.js';

/** The values an edit form changed, by field definition identifier (the input hashes to send). */
export type FieldChanges = ReadonlyMap<string, unknown>;

/** The changes as the `fields.field` list of a VersionUpdate or ContentCreate, all in `languageCode`. */
export function fieldInputs(changes: FieldChanges, languageCode: string): FieldInput[] {
  return [...changes].map(([fieldDefinitionIdentifier, fieldValue]) => ({ fieldDefinitionIdentifier, languageCode, fieldValue }));
}

/**
 * The fields of a content type as a form: each field's editor (its field type's plug-in; types without one are
 * shown read-only), its stored or changed value, and beside it the validation messages the API answered for it.
 */
export function FieldForm(props: {
  readonly definitions: readonly FieldDefinition[];
  readonly stored: ReadonlyMap<string, unknown>;
  readonly changes: FieldChanges;
  readonly onChange: (identifier: string, value: unknown) => void;
  readonly error: unknown;
  readonly languageCode: string;
}) {
  const fieldErrors = props.error instanceof ApiError ? props.error.fieldErrors : new Map<number, readonly string[]>();
  const sorted = [...props.definitions].sort((a, b) => a.position - b.position);
  return (
    <div class="field-form">
      {sorted.map((definition) => {
        const plugin = fieldTypePlugin(definition.fieldType);
        const id = `field-${definition.identifier}`;
        const value = props.changes.has(definition.identifier) ? props.changes.get(definition.identifier) : (props.stored.get(definition.identifier) ?? null);
        const errors = fieldErrors.get(definition.id) ?? [];
        return (
          <div class={`form-field${errors.length > 0 ? ' invalid' : ''}`} data-field={definition.identifier} key={definition.identifier}>
            <label for={id}>
              {translated(definition.names, props.languageCode) || definition.identifier}
              {definition.isRequired ? <span class="required" title="Required"> *</span> : null}
              <span class="type">{definition.fieldType}</span>
            </label>
            {plugin.editor ? (
              plugin.editor({ value, definition, id, onChange: (next) => props.onChange(definition.identifier, next) })
            ) : (
              <div class="read-only">
                {plugin.view(value, definition)}
                <small class="hint">This field type cannot be edited here.</small>
              </div>
            )}
            {errors.map((message) => (
              <p class="field-error" role="alert">
                {message}
              </p>
            ))}
          </div>
        );
      })}
    </div>
  );
}
