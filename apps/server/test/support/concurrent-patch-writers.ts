import { randomBytes } from 'node:crypto';
import { API } from './rest-session.js';
import type { HttpCredentials, RoundRobin } from './multi-node-client.js';

/** The two content languages of the draft; the nodes must be started with `LANGUAGES=eng-GB,ger-DE`. */
export const WRITER_LANGUAGES = ['eng-GB', 'ger-DE'] as const;
/** Text fields of the writers' content type besides `same`: with the two languages, 32 distinct slots. */
const SLOT_FIELDS = Array.from({ length: 16 }, (_, index) => `f${String(index + 1).padStart(2, '0')}`);
/** The field every second writer writes (in eng-GB). */
const SAME_FIELD = 'same';

/** One write: a field value in one language of the draft. */
interface SlotWrite {
  readonly field: string;
  readonly languageCode: string;
  readonly value: string;
}

/** What the writers did and what the draft holds afterwards. */
export interface WritersReport {
  /** How many PATCH requests were sent. */
  readonly writers: number;
  /** Answers by status code, e.g. `{ 200: 64 }`. */
  readonly statuses: Readonly<Record<string, number>>;
  /** Acknowledged (200) writes of a slot of their own. */
  readonly acknowledgedDistinct: number;
  /** Acknowledged writes of distinct slots whose value is not in the draft afterwards (`field/lang=value`). */
  readonly lost: readonly string[];
  /** Values the acknowledged writes of the shared slot wrote. */
  readonly acknowledgedSame: readonly string[];
  /** The shared slot's value afterwards. */
  readonly sameValue: string | null;
}

const slotKey = (field: string, languageCode: string): string => `${field}/${languageCode}`;

/**
 * Creates a content type with 17 text fields (`same`, `f01`…`f16`) and a draft of it in eng-GB and ger-DE (every
 * field `init`), then sends `writers` PATCH /content/objects/{id}/versions/1 (`VersionUpdate`) requests at the same
 * moment, spread round-robin over the nodes: every even request writes a slot of its own (one field in one language;
 * there are 32), every odd one writes the field `same` in eng-GB. Reads the draft afterwards and reports the
 * acknowledged writes that are not in it. Setup and the final read go to the first node.
 *
 * @throws Error when the setup requests fail (the message has the server's answer), or a writer's request times out.
 */
export async function runConcurrentPatchWriters(robin: RoundRobin, admin: HttpCredentials, writers = 64): Promise<WritersReport> {
  const [setup] = robin.nodes;
  if (!setup) throw new Error('no node');
  if (writers > 2 * SLOT_FIELDS.length * WRITER_LANGUAGES.length) throw new Error('more writers than distinct slots');
  const identifier = `writers_${randomBytes(4).toString('hex')}`;
  const type = await setup.rest(admin, {
    method: 'POST',
    path: '/content/typegroups/1/types?publish=true',
    input: 'ContentTypeCreate',
    accept: 'ContentType',
    body: {
      ContentTypeCreate: {
        identifier,
        mainLanguageCode: 'eng-GB',
        nameSchema: `<${SAME_FIELD}>`,
        names: { value: [{ _languageCode: 'eng-GB', '#text': identifier }] },
        FieldDefinitions: { FieldDefinition: [SAME_FIELD, ...SLOT_FIELDS].map((field) => ({ identifier: field, fieldType: 'ezstring' })) },
      },
    },
  });
  if (type.status !== 201) throw new Error(`content type not created: ${type.status} ${type.text}`);
  const typeId = Number(type.body.ContentType.id);
  const initial = WRITER_LANGUAGES.flatMap((languageCode) =>
    [SAME_FIELD, ...SLOT_FIELDS].map((fieldDefinitionIdentifier) => ({ fieldDefinitionIdentifier, languageCode, fieldValue: 'init' })),
  );
  const created = await setup.rest(admin, {
    method: 'POST',
    path: '/content/objects',
    input: 'ContentCreate',
    body: {
      ContentCreate: {
        ContentType: { _href: `${API}/content/types/${typeId}` },
        mainLanguageCode: 'eng-GB',
        LocationCreate: { ParentLocation: { _href: `${API}/content/locations/1/2` }, sortField: 'PATH', sortOrder: 'ASC' },
        fields: { field: initial },
      },
    },
  });
  if (created.status !== 201) throw new Error(`draft not created: ${created.status} ${created.text}`);
  const contentId = Number(created.body.Content._id);

  const writes: SlotWrite[] = Array.from({ length: writers }, (_, index) => {
    if (index % 2 === 1) return { field: SAME_FIELD, languageCode: 'eng-GB', value: `same-${index}` };
    const slot = index / 2;
    return { field: SLOT_FIELDS[slot % SLOT_FIELDS.length] ?? '', languageCode: WRITER_LANGUAGES[Math.floor(slot / SLOT_FIELDS.length)] ?? '', value: `w${index}` };
  });
  const replies = await Promise.all(
    writes.map((write) =>
      robin.pick().rest(admin, {
        method: 'PATCH',
        path: `/content/objects/${contentId}/versions/1`,
        input: 'VersionUpdate',
        accept: 'Version',
        body: { VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: write.field, languageCode: write.languageCode, fieldValue: write.value }] } } },
      }),
    ),
  );

  const version = await setup.rest(admin, { method: 'GET', path: `/content/objects/${contentId}/versions/1`, accept: 'Version' });
  if (version.status !== 200) throw new Error(`draft not readable: ${version.status} ${version.text}`);
  const stored = new Map<string, unknown>(
    (version.body.Version.Fields.field as { fieldDefinitionIdentifier: string; languageCode: string; fieldValue: unknown }[]).map((field) => [
      slotKey(field.fieldDefinitionIdentifier, field.languageCode),
      field.fieldValue,
    ]),
  );
  const statuses: Record<string, number> = {};
  for (const reply of replies) statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
  const acknowledged = writes.filter((_, index) => replies[index]?.status === 200);
  const distinct = acknowledged.filter((write) => write.field !== SAME_FIELD);
  const sameValue = stored.get(slotKey(SAME_FIELD, 'eng-GB'));
  return {
    writers,
    statuses,
    acknowledgedDistinct: distinct.length,
    lost: distinct.filter((write) => stored.get(slotKey(write.field, write.languageCode)) !== write.value).map((write) => `${slotKey(write.field, write.languageCode)}=${write.value}`),
    acknowledgedSame: acknowledged.filter((write) => write.field === SAME_FIELD).map((write) => write.value),
    sameValue: typeof sameValue === 'string' ? sameValue : null,
  };
}
