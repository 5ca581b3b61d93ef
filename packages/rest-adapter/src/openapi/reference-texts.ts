/** The prose of the REST reference: its introduction and the tags operations are grouped by. */

/** The document's `info.description` (CommonMark). */
export const REFERENCE_INTRODUCTION = `The REST API v2 of contentrepo, wire-compatible with Ibexa's.

**Media types.** Every resource has a vendor media type, \`application/vnd.ibexa.api.<Name>+json\` or \`+xml\`. The \`Accept\`
header chooses the format (JSON with \`application/json\` or a \`+json\` type; XML otherwise) and, for some resources, the
variant (\`Content\` or \`ContentInfo\`, \`UserRefList\` or \`UserList\`). Request bodies name their input type in
\`Content-Type\` (\`application/vnd.ibexa.api.ContentCreate+json\`). The JSON form is described here; the XML form carries
the same members (attributes in JSON are the members starting with \`_\`).

**Custom verbs.** \`COPY\`, \`MOVE\`, \`SWAP\`, \`PUBLISH\` and \`TRASH\` are sent as such or as \`POST\` with
\`X-HTTP-Method-Override\`; they are documented on the POST operation of their path (\`x-ibexa-verbs\`). Every \`GET\` also
answers \`HEAD\`, and \`OPTIONS\` lists the methods of a path in \`Allow\`.

**Authentication.** Without credentials a request runs as the anonymous user. Log in with \`POST /user/sessions\`: the
answer sets the session cookie and gives a CSRF token, which unsafe requests (POST, PATCH, DELETE, custom verbs) send in
\`X-CSRF-Token\`. HTTP Basic (when enabled) and \`Authorization: Bearer <JWT>\` (when tokens are configured) work too.

**Errors** answer an \`ErrorMessage\` with \`errorCode\`, \`errorMessage\` and \`errorDescription\`.

**Caching.** Single resources carry an \`ETag\`; \`If-None-Match\` gives 304, and \`If-Match\` on writes guards against
lost updates (412).`;

/** Tags, in display order, with the path prefixes they cover (the first matching prefix wins). */
const TAG_PREFIXES: readonly (readonly [string, string])[] = [
  ['/content/objectstategroups', 'Object states'],
  ['/content/objects', 'Content'],
  ['/content/binary', 'Content'],
  ['/content/locations', 'Locations'],
  ['/content/typegroups', 'Content types'],
  ['/content/types', 'Content types'],
  ['/views', 'Search'],
  ['/content/views', 'Search'],
  ['/content/sections', 'Sections'],
  ['/languages', 'Languages'],
  ['/content/trash', 'Trash'],
  ['/content/urlaliases', 'URL aliases and wildcards'],
  ['/content/urlwildcards', 'URL aliases and wildcards'],
  ['/user/sessions', 'Sessions'],
  ['/user/current', 'Sessions'],
  ['/user/users', 'Users'],
  ['/user/groups', 'User groups'],
  ['/user/roles', 'Roles and policies'],
  ['/user/policies', 'Roles and policies'],
  ['/bookmark', 'Bookmarks'],
  ['/services', 'Services'],
  ['/webhooks', 'Webhooks'],
  ['/events', 'Events'],
];

/** Tag names in display order. */
export const TAGS: readonly string[] = [
  'Root',
  'Sessions',
  'Content',
  'Locations',
  'Search',
  'Content types',
  'Trash',
  'URL aliases and wildcards',
  'Object states',
  'Sections',
  'Languages',
  'Users',
  'User groups',
  'Roles and policies',
  'Bookmarks',
  'Services',
  'Webhooks',
  'Events',
];

/** The tag of an OpenAPI path (`Root` for `/`). */
export function tagOf(path: string): string {
  return TAG_PREFIXES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? 'Root';
}
