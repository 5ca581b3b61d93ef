import type { Express } from 'express';
import { API, call, contentCreate, login, richText, type Call, type Credentials, type Reply } from './rest-session.js';
import { PNG_1X1 } from './test-server.js';

/** One request of the tour and its answer: the effective method (custom verbs included) and the path after the prefix. */
export interface TourStep {
  readonly method: string;
  readonly path: string;
  /** The input media type name of the body, if any. */
  readonly input: string | undefined;
  /** The body sent, if any. */
  readonly body: unknown;
  readonly reply: Reply;
}

const lastSegment = (href: unknown): string => String(href).split('/').pop() ?? '';

/**
 * A broad walk through the REST API on a clean install, as an administrator (a session) and as the anonymous user:
 * the main resources read, created, changed and deleted, in JSON, with the errors users meet (404, 400 with field
 * errors, 401, 405). Each step's answer is appended to `steps` (also when a later step fails) and returned.
 * @throws Error when a step the next ones depend on does not answer as expected (the tour cannot continue).
 */
export async function restTour(app: Express, steps: TourStep[] = []): Promise<TourStep[]> {
  const session = await login(app, 'admin', 'publish');
  const admin: Credentials = { cookie: session.cookie, csrf: session.csrf };
  const run = async (spec: Call, as: Credentials = admin): Promise<Reply> => {
    const reply = await call(app, as, spec);
    steps.push({ method: spec.method.toUpperCase(), path: spec.path.split('?')[0] ?? spec.path, input: spec.input ?? /ViewInput/.exec(spec.headers?.['Content-Type'] ?? '')?.[0], body: spec.body, reply });
    return reply;
  };
  const expectStatus = (reply: Reply, status: number, what: string): Reply => {
    if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status}: ${reply.text.slice(0, 300)}`);
    return reply;
  };

  // Root, session, the current user.
  await run({ method: 'GET', path: '/' });
  await run({ method: 'POST', path: '/user/sessions', input: 'SessionInput', accept: 'Session', body: { SessionInput: { login: 'admin', password: 'publish' } } }, null);
  await run({ method: 'GET', path: '/user/sessions/current', accept: 'Session' });
  await run({ method: 'GET', path: '/user/current' });

  // Content: create a folder draft, read it in every form, update, publish, copy.
  const created = expectStatus(
    await run({ method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(1, '1/2', { name: 'Tour folder', short_description: richText('Hello') }) }),
    201,
    'ContentCreate',
  );
  const contentId = Number(created.body.Content._id);
  await run({ method: 'GET', path: `/content/objects/${contentId}`, accept: 'ContentInfo' });
  await run({ method: 'GET', path: `/content/objects/${contentId}/versions` });
  await run({ method: 'GET', path: `/content/objects/${contentId}/versions/1` });
  await run({ method: 'PATCH', path: `/content/objects/${contentId}/versions/1`, input: 'VersionUpdate', accept: 'Version', body: { VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Tour folder!' }] } } } });
  await run({ method: 'PUBLISH', path: `/content/objects/${contentId}/versions/1` });
  await run({ method: 'GET', path: `/content/objects/${contentId}`, accept: 'Content' });
  await run({ method: 'GET', path: `/content/objects/${contentId}/currentversion` });
  await run({ method: 'PATCH', path: `/content/objects/${contentId}`, input: 'ContentUpdate', accept: 'ContentInfo', body: { ContentUpdate: { remoteId: `tour-${contentId}` } } });
  await run({ method: 'GET', path: `/content/objects?remoteId=tour-${contentId}` });
  const draft = await run({ method: 'COPY', path: `/content/objects/${contentId}/currentversion`, accept: 'Version' });
  const draftNo = Number(lastSegment(draft.headers['location']));
  const relation = await run({ method: 'POST', path: `/content/objects/${contentId}/versions/${draftNo}/relations`, input: 'RelationCreate', accept: 'Relation', body: { RelationCreate: { Destination: { _href: `${API}/content/objects/1` } } } });
  await run({ method: 'GET', path: `/content/objects/${contentId}/versions/${draftNo}/relations/${lastSegment(relation.headers['location'])}` });
  await run({ method: 'GET', path: `/content/objects/${contentId}/versions/${draftNo}/relations` });
  await run({ method: 'DELETE', path: `/content/objects/${contentId}/versions/${draftNo}` });
  await run({ method: 'GET', path: `/content/objects/${contentId}/locations` });
  await run({ method: 'GET', path: `/content/objects/${contentId}/objectstates` });

  // An image with a variation.
  const image = expectStatus(
    await run({
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      accept: 'Content',
      body: contentCreate(5, '1/43', { name: 'Pixel', image: { fileName: 'pixel.png', fileSize: PNG_1X1.length, data: PNG_1X1.toString('base64'), alternativeText: 'One pixel' } }),
    }),
    201,
    'image ContentCreate',
  );
  const imageId = Number(image.body.Content._id);
  await run({ method: 'PUBLISH', path: `/content/objects/${imageId}/versions/1` });
  const loadedImage = await run({ method: 'GET', path: `/content/objects/${imageId}/versions/1` });
  const fields: { fieldDefinitionIdentifier: string; id: number }[] = loadedImage.body.Version.Fields.field;
  const imageField = fields.find((field) => field.fieldDefinitionIdentifier === 'image');
  await run({ method: 'GET', path: `/content/binary/images/${imageId}-${imageField?.id ?? 0}-1/variations/small` });

  // Locations.
  const locations = await run({ method: 'GET', path: `/content/objects/${contentId}/locations` });
  const locationPath = String(locations.body.LocationList.Location[0]._href).split('/content/locations/')[1] ?? '';
  await run({ method: 'GET', path: `/content/locations/${locationPath}` });
  await run({ method: 'GET', path: '/content/locations/1/2/children?limit=5' });
  await run({ method: 'PATCH', path: `/content/locations/${locationPath}`, input: 'LocationUpdate', accept: 'Location', body: { LocationUpdate: { priority: 3, sortField: 'NAME', sortOrder: 'ASC' } } });
  await run({ method: 'GET', path: `/content/locations/${locationPath}/urlaliases` });
  await run({ method: 'GET', path: `/content/locations?remoteId=f3e90596361e31d496d4026eb624c983` });

  // Content types and groups.
  await run({ method: 'GET', path: '/content/types' });
  await run({ method: 'GET', path: '/content/types', accept: 'ContentTypeList' });
  await run({ method: 'GET', path: '/content/types/1' });
  await run({ method: 'GET', path: '/content/types/1/fieldDefinitions' });
  await run({ method: 'GET', path: '/content/types/1/fieldDefinitions/4' });
  await run({ method: 'GET', path: '/content/types/1/groups' });
  await run({ method: 'GET', path: '/content/typegroups' });
  await run({ method: 'GET', path: '/content/typegroups/1' });
  await run({ method: 'GET', path: '/content/typegroups/1/types' });

  // Sections and languages.
  await run({ method: 'GET', path: '/content/sections' });
  const section = expectStatus(
    await run({ method: 'POST', path: '/content/sections', input: 'SectionInput', accept: 'Section', body: { SectionInput: { identifier: 'tour', name: 'Tour' } } }),
    201,
    'SectionInput',
  );
  const sectionId = Number(section.body.Section.sectionId);
  await run({ method: 'GET', path: `/content/sections/${sectionId}` });
  await run({ method: 'PATCH', path: `/content/sections/${sectionId}`, input: 'SectionInput', accept: 'Section', body: { SectionInput: { identifier: 'tour', name: 'Tour section' } } });
  await run({ method: 'DELETE', path: `/content/sections/${sectionId}` });
  await run({ method: 'GET', path: '/languages' });
  await run({ method: 'GET', path: '/languages/eng-GB' });
  await run({ method: 'GET', path: '/services/countries' });

  // Users, groups, roles, policies.
  await run({ method: 'GET', path: '/user/users?login=admin' });
  await run({ method: 'GET', path: '/user/users?remoteId=1bb4fe25487f05527efa8bfd394cecc7' });
  await run({ method: 'GET', path: '/user/users/14' });
  await run({ method: 'GET', path: '/user/users/14/groups' });
  await run({ method: 'GET', path: '/user/users/14/roles' });
  await run({ method: 'GET', path: '/user/users/14/drafts' });
  await run({ method: 'GET', path: '/user/groups' });
  await run({ method: 'GET', path: '/user/groups/1/5' });
  await run({ method: 'GET', path: '/user/groups/1/5/subgroups' });
  await run({ method: 'GET', path: '/user/groups/1/5/users' });
  await run({ method: 'GET', path: '/user/groups/1/5/users', accept: 'UserList' });
  await run({ method: 'GET', path: '/user/groups/1/5/subgroups', accept: 'UserGroupList' });
  await run({ method: 'GET', path: '/user/groups/1/5/roles' });
  await run({ method: 'GET', path: '/user/roles' });
  const roles = await run({ method: 'GET', path: '/user/roles/1' });
  await run({ method: 'GET', path: '/user/roles/1/policies' });
  const policies = await run({ method: 'GET', path: '/user/roles/2/policies' });
  const policyHref: unknown = policies.body?.PolicyList?.Policy?.[0]?._href;
  if (policyHref !== undefined) await run({ method: 'GET', path: `/user/roles/2/policies/${lastSegment(policyHref)}` });
  await run({ method: 'GET', path: '/user/policies?userId=14' });
  const role = expectStatus(await run({ method: 'POST', path: '/user/roles', input: 'RoleInput', accept: 'Role', body: { RoleInput: { identifier: 'TourRole' } } }), 201, 'RoleInput');
  const roleId = lastSegment(role.headers['location']);
  await run({ method: 'POST', path: `/user/roles/${roleId}/policies`, input: 'PolicyCreate', accept: 'Policy', body: { PolicyCreate: { module: 'content', function: 'read' } } });
  await run({ method: 'GET', path: `/user/roles/${roleId}` });
  if (roles.status !== 200) throw new Error('Role 1 cannot be read');

  // Search.
  await run({
    method: 'POST',
    path: '/views',
    input: 'ViewInput',
    accept: 'View',
    body: { ViewInput: { identifier: 'tour', Query: { Filter: { ContentTypeIdentifierCriterion: 'folder' }, limit: 10, offset: 0, SortClauses: { ContentName: 'ascending' } } } },
  });
  await run({
    method: 'POST',
    path: '/views',
    accept: 'View',
    headers: { 'Content-Type': 'application/vnd.ibexa.api.ViewInput+json; version=1.1' },
    body: { ViewInput: { identifier: 'tour-locations', LocationQuery: { Filter: { ParentLocationIdCriterion: 2 }, limit: 10 } } },
  });

  // URL aliases and wildcards, object states, bookmarks.
  await run({ method: 'GET', path: '/content/urlaliases' });
  const alias = await run({
    method: 'POST',
    path: '/content/urlaliases',
    input: 'UrlAliasCreate',
    accept: 'UrlAlias',
    body: { UrlAliasCreate: { _type: 'GLOBAL', resource: 'module:content/search', path: '/tour-search', languageCode: 'eng-GB' } },
  });
  if (alias.status === 201) await run({ method: 'GET', path: `/content/urlaliases/${lastSegment(alias.headers['location'])}` });
  const wildcard = await run({ method: 'POST', path: '/content/urlwildcards', input: 'UrlWildcardCreate', accept: 'UrlWildcard', body: { UrlWildcardCreate: { sourceUrl: '/tour/*', destinationUrl: '/{1}', forward: true } } });
  await run({ method: 'GET', path: `/content/urlwildcards/${lastSegment(wildcard.headers['location'])}` });
  await run({ method: 'GET', path: '/content/urlwildcards' });
  await run({ method: 'GET', path: '/content/objectstategroups' });
  await run({ method: 'GET', path: '/content/objectstategroups/2' });
  await run({ method: 'GET', path: '/content/objectstategroups/2/objectstates' });
  await run({ method: 'GET', path: '/content/objectstategroups/2/objectstates/1' });
  await run({ method: 'POST', path: '/bookmark/2' });
  await run({ method: 'GET', path: '/bookmark' });
  await run({ method: 'GET', path: '/bookmark/2' });

  // Trash: move the folder's location there, read the item, restore it.
  await run({ method: 'TRASH', path: `/content/locations/${locationPath}`, input: 'TrashLocationInput', body: { TrashLocationInput: {} } });
  const trash = await run({ method: 'GET', path: '/content/trash' });
  const trashItemId = lastSegment(trash.body.Trash.TrashItem[0]._href);
  await run({ method: 'GET', path: `/content/trash/${trashItemId}` });
  await run({ method: 'MOVE', path: `/content/trash/${trashItemId}` });

  // Content types: a group, a type created as a draft, changed, published, copied into a new draft.
  const typeGroup = expectStatus(await run({ method: 'POST', path: '/content/typegroups', input: 'ContentTypeGroupInput', accept: 'ContentTypeGroup', body: { ContentTypeGroupInput: { identifier: 'Tour' } } }), 201, 'ContentTypeGroupInput');
  const typeGroupId = Number(typeGroup.body.ContentTypeGroup.id);
  await run({ method: 'PATCH', path: `/content/typegroups/${typeGroupId}`, input: 'ContentTypeGroupInput', accept: 'ContentTypeGroup', body: { ContentTypeGroupInput: { identifier: 'Tour types' } } });
  const typeDraft = expectStatus(
    await run({
      method: 'POST',
      path: `/content/typegroups/${typeGroupId}/types`,
      input: 'ContentTypeCreate',
      accept: 'ContentType',
      body: { ContentTypeCreate: { identifier: 'tour_note', mainLanguageCode: 'eng-GB', nameSchema: '<title>', names: { value: [{ _languageCode: 'eng-GB', '#text': 'Note' }] }, FieldDefinitions: { FieldDefinition: [{ identifier: 'title', fieldType: 'ezstring', isRequired: true, names: { value: [{ _languageCode: 'eng-GB', '#text': 'Title' }] } }] } } },
    }),
    201,
    'ContentTypeCreate',
  );
  const typeId = Number(typeDraft.body.ContentType.id);
  await run({ method: 'GET', path: `/content/types/${typeId}/draft` });
  await run({ method: 'PATCH', path: `/content/types/${typeId}/draft`, input: 'ContentTypeUpdate', accept: 'ContentTypeInfo', body: { ContentTypeUpdate: { isContainer: true } } });
  const added = await run({ method: 'POST', path: `/content/types/${typeId}/draft/fieldDefinitions`, input: 'FieldDefinitionCreate', accept: 'FieldDefinition', body: { FieldDefinitionCreate: { identifier: 'body', fieldType: 'eztext', position: 2 } } });
  await run({ method: 'GET', path: `/content/types/${typeId}/draft/fieldDefinitions` });
  await run({ method: 'PATCH', path: `/content/types/${typeId}/draft/fieldDefinitions/${lastSegment(added.headers['location'])}`, input: 'FieldDefinitionUpdate', accept: 'FieldDefinition', body: { FieldDefinitionUpdate: { isRequired: false } } });
  await run({ method: 'PUBLISH', path: `/content/types/${typeId}/draft` });
  await run({ method: 'GET', path: `/content/types/${typeId}/fieldDefinition/title` });
  await run({ method: 'POST', path: `/content/types/${typeId}`, input: 'ContentTypeUpdate', accept: 'ContentTypeInfo', body: { ContentTypeUpdate: { nameSchema: '<title>' } } });
  await run({ method: 'DELETE', path: `/content/types/${typeId}/draft` });
  await run({ method: 'POST', path: '/content/types/view', input: 'ContentTypeViewInput', accept: 'ContentTypeList', body: { ContentTypeViewInput: { identifier: 'tour', ContentTypeQuery: { Query: { ContentTypeIdentifierCriterion: 'tour_note' } } } } });

  // Languages and object states.
  await run({ method: 'POST', path: '/languages', input: 'LanguageCreate', accept: 'Language', body: { LanguageCreate: { languageCode: 'ger-DE' } } });
  await run({ method: 'PATCH', path: '/languages/ger-DE', input: 'LanguageUpdate', accept: 'Language', body: { LanguageUpdate: { name: 'German' } } });
  const stateGroup = await run({ method: 'POST', path: '/content/objectstategroups', input: 'ObjectStateGroupCreate', accept: 'ObjectStateGroup', body: { ObjectStateGroupCreate: { identifier: 'tour', defaultLanguageCode: 'eng-GB', names: { value: [{ _languageCode: 'eng-GB', '#text': 'Tour' }] } } } });
  const stateGroupId = Number(stateGroup.body.ObjectStateGroup.id);
  await run({ method: 'POST', path: `/content/objectstategroups/${stateGroupId}/objectstates`, input: 'ObjectStateCreate', accept: 'ObjectState', body: { ObjectStateCreate: { identifier: 'open', defaultLanguageCode: 'eng-GB', priority: 0, names: { value: [{ _languageCode: 'eng-GB', '#text': 'Open' }] } } } });
  await run({ method: 'PATCH', path: `/content/objectstategroups/${stateGroupId}`, input: 'ObjectStateGroupUpdate', accept: 'ObjectStateGroup', body: { ObjectStateGroupUpdate: { identifier: 'tour2' } } });

  // Users, groups, role drafts and assignments.
  const userGroup = await run({ method: 'POST', path: '/user/groups/1/5/subgroups', input: 'UserGroupCreate', accept: 'UserGroup', body: { UserGroupCreate: { mainLanguageCode: 'eng-GB', fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Tour group' }] } } } });
  const userGroupPath = String(userGroup.headers['location']).split('/user/groups/')[1] ?? '';
  await run({ method: 'PATCH', path: `/user/groups/${userGroupPath}`, input: 'UserGroupUpdate', accept: 'UserGroup', body: { UserGroupUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Tour group!' }] } } } });
  const user = expectStatus(
    await run({
      method: 'POST',
      path: `/user/groups/${userGroupPath}/users`,
      input: 'UserCreate',
      accept: 'User',
      body: { UserCreate: { mainLanguageCode: 'eng-GB', login: 'tourist', email: 'tourist@example.com', password: 'Secret-Passw0rd', fields: { field: [{ fieldDefinitionIdentifier: 'first_name', fieldValue: 'Tou' }, { fieldDefinitionIdentifier: 'last_name', fieldValue: 'Rist' }] } } },
    }),
    201,
    'UserCreate',
  );
  const userId = Number(user.body.User._id);
  await run({ method: 'PATCH', path: `/user/users/${userId}`, input: 'UserUpdate', accept: 'User', body: { UserUpdate: { email: 'tourist2@example.com' } } });
  await run({ method: 'POST', path: `/user/users/${userId}/roles`, input: 'RoleAssignInput', accept: 'RoleAssignmentList', body: { RoleAssignInput: { Role: { _href: `${API}/user/roles/${roleId}` } } } });
  await run({ method: 'GET', path: `/user/users/${userId}/roles/${roleId}` });
  await run({ method: 'POST', path: `/user/groups/${userGroupPath}/roles`, input: 'RoleAssignInput', accept: 'RoleAssignmentList', body: { RoleAssignInput: { Role: { _href: `${API}/user/roles/${roleId}` } } } });
  await run({ method: 'GET', path: `/user/users?roleId=${roleId}`, accept: 'UserList' });
  await run({ method: 'POST', path: `/user/roles/${roleId}`, input: 'RoleInput', accept: 'RoleDraft', body: { RoleInput: { identifier: 'TourRole2' } } });
  await run({ method: 'GET', path: `/user/roles/${roleId}/draft` });
  const draftPolicy = await run({ method: 'POST', path: `/user/roles/${roleId}/policies`, input: 'PolicyCreate', accept: 'Policy', body: { PolicyCreate: { module: 'content', function: 'edit' } } });
  await run({ method: 'PATCH', path: `/user/roles/${roleId}/policies/${lastSegment(draftPolicy.headers['location'])}`, input: 'PolicyUpdate', accept: 'Policy', body: { PolicyUpdate: { limitations: { limitation: [{ _identifier: 'Section', values: { ref: [{ _href: '1' }] } }] } } } });
  await run({ method: 'PUBLISH', path: `/user/roles/${roleId}/draft` });
  await run({ method: 'DELETE', path: `/user/users/${userId}/roles/${roleId}` });

  // Errors.
  await run({ method: 'GET', path: '/content/objects/999999' });
  await run({ method: 'POST', path: '/content/sections', input: 'SectionInput', body: { SectionInput: { name: 'No identifier' } } });
  await run({ method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(1, '1/2', { name: '' }) });
  await run({ method: 'DELETE', path: '/content/sections/1' }, null);
  await run({ method: 'PATCH', path: '/' });
  await run({ method: 'GET', path: '/content/objects/1' }, null);
  await run({ method: 'DELETE', path: `/user/sessions/${session.cookie.split('=')[1] ?? ''}` });
  return steps;
}
