import { beforeEach, describe, expect, it } from '@jest/globals';
import type { TestRepository } from '@contentrepo/core/testing';
import type { Express } from 'express';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

const groupCreate = (identifier: string) => ({
  ObjectStateGroupCreate: { identifier, defaultLanguageCode: 'eng-GB', names: { value: [{ _languageCode: 'eng-GB', '#text': 'Workflow' }] } },
});
const stateHref = (group: number, state: number): string => `${PREFIX}/content/objectstategroups/${group}/objectstates/${state}`;

describe('object states (/content/objectstategroups… and /content/objects/{id}/objectstates)', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });

  it('lists and loads the clean-install lock group and its states', async () => {
    const groups = await rest(app, { method: 'GET', path: '/content/objectstategroups' });
    expect(groups.body.ObjectStateGroupList.ObjectStateGroup[0]).toEqual({
      '_media-type': vnd('ObjectStateGroup'),
      _href: `${PREFIX}/content/objectstategroups/2`,
      id: 2,
      identifier: 'ez_lock',
      defaultLanguageCode: 'eng-GB',
      languageCodes: 'eng-GB',
      ObjectStates: { '_media-type': vnd('ObjectStateList'), _href: `${PREFIX}/content/objectstategroups/2/objectstates` },
      names: { value: [{ _languageCode: 'eng-GB', '#text': 'Lock' }] },
      descriptions: { value: [{ _languageCode: 'eng-GB', '#text': '' }] },
    });
    const state = await rest(app, { method: 'GET', path: '/content/objectstategroups/2/objectstates/2', format: 'xml' });
    expect(state.headers['accept-patch']).toBe(vnd('ObjectStateUpdate', 'xml'));
    expect(state.text).toContain(`<ObjectState media-type="${vnd('ObjectState', 'xml')}" href="${stateHref(2, 2)}"><id>2</id><identifier>locked</identifier><priority>1</priority>`);
    expect((await rest(app, { method: 'GET', path: '/content/objectstategroups/3/objectstates/2' })).status).toBe(404);
    expect((await rest(app, { method: 'GET', path: '/content/objectstategroups/2/objectstates' })).body.ObjectStateList.ObjectState).toHaveLength(2);
  });

  it('creates, updates and deletes groups and states (JSON and XML); duplicates are 403, bad input 400', async () => {
    const group = await rest(app, { method: 'POST', path: '/content/objectstategroups', input: 'ObjectStateGroupCreate', body: groupCreate('workflow') });
    expect(group.status).toBe(201);
    const groupId = group.body.ObjectStateGroup.id as number;
    expect(group.headers['location']).toBe(`${PREFIX}/content/objectstategroups/${groupId}`);
    expect((await rest(app, { method: 'POST', path: '/content/objectstategroups', input: 'ObjectStateGroupCreate', body: groupCreate('workflow') })).status).toBe(403);
    expect((await rest(app, { method: 'POST', path: '/content/objectstategroups', input: 'ObjectStateGroupCreate', body: { ObjectStateGroupCreate: { identifier: 'x' } } })).status).toBe(400);

    const state = await rest(app, {
      method: 'POST',
      path: `/content/objectstategroups/${groupId}/objectstates`,
      input: 'ObjectStateCreate',
      format: 'xml',
      body: '<ObjectStateCreate><identifier>draft</identifier><priority>0</priority><defaultLanguageCode>eng-GB</defaultLanguageCode><names><value languageCode="eng-GB">Draft</value></names></ObjectStateCreate>',
    });
    expect(state.status).toBe(201);
    const stateId = Number(/(\d+)$/.exec(state.headers['location'] ?? '')?.[1]);
    expect(state.headers['location']).toBe(stateHref(groupId, stateId));
    expect((await repo.admin.objectStateService.getContentState(1, groupId)).id).toBe(stateId);
    expect((await rest(app, { method: 'POST', path: `/content/objectstategroups/${groupId}/objectstates`, input: 'ObjectStateCreate', body: { ObjectStateCreate: { identifier: 'y', defaultLanguageCode: 'eng-GB', names: { value: [] } } } })).status).toBe(400);

    const patchedGroup = await rest(app, { method: 'PATCH', path: `/content/objectstategroups/${groupId}`, input: 'ObjectStateGroupUpdate', body: { ObjectStateGroupUpdate: { identifier: 'flow' } } });
    expect([patchedGroup.status, patchedGroup.body.ObjectStateGroup.identifier]).toEqual([200, 'flow']);
    expect((await rest(app, { method: 'PATCH', path: `/content/objectstategroups/${groupId}`, input: 'ObjectStateGroupUpdate', body: { ObjectStateGroupUpdate: { identifier: 'ez_lock' } } })).status).toBe(403);
    const patchedState = await rest(app, {
      method: 'PATCH',
      path: `/content/objectstategroups/${groupId}/objectstates/${stateId}`,
      input: 'ObjectStateUpdate',
      body: { ObjectStateUpdate: { names: { value: [{ _languageCode: 'eng-GB', '#text': 'Drafting' }] } } },
    });
    expect(patchedState.body.ObjectState.names.value[0]['#text']).toBe('Drafting');
    expect((await rest(app, { method: 'DELETE', path: `/content/objectstategroups/${groupId}/objectstates/${stateId}` })).status).toBe(204);
    expect((await rest(app, { method: 'DELETE', path: `/content/objectstategroups/${groupId}` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/content/objectstategroups/${groupId}` })).status).toBe(404);
    expect((await rest(app, { method: 'POST', path: '/content/objectstategroups', input: 'ObjectStateGroupCreate', body: groupCreate('anon'), auth: null })).status).toBe(401);
  });

  it('reads and sets the states of content: PATCH answers 200 with the states set; two of one group are 403', async () => {
    const read = await rest(app, { method: 'GET', path: '/content/objects/1/objectstates' });
    expect(read.headers['accept-patch']).toBe(vnd('ContentObjectStates'));
    expect(read.body.ContentObjectStates).toEqual({ '_media-type': vnd('ContentObjectStates'), ObjectState: [{ '_media-type': vnd('ObjectState'), _href: stateHref(2, 1) }] });
    const patched = await rest(app, {
      method: 'PATCH',
      path: '/content/objects/1/objectstates',
      input: 'ContentObjectStates',
      format: 'xml',
      body: `<ContentObjectStates><ObjectState href="${stateHref(2, 2)}"/></ContentObjectStates>`,
    });
    expect(patched.status).toBe(200);
    expect(patched.text).toContain(`<ObjectState media-type="${vnd('ObjectState', 'xml')}" href="${stateHref(2, 2)}"/>`);
    expect((await repo.admin.objectStateService.getContentState(1, 2)).identifier).toBe('locked');

    const both = await rest(app, {
      method: 'PATCH',
      path: '/content/objects/1/objectstates',
      input: 'ContentObjectStates',
      body: { ContentObjectStates: { ObjectState: [{ _href: stateHref(2, 1) }, { _href: stateHref(2, 2) }] } },
    });
    expect(both.status).toBe(403);
    const none = await rest(app, { method: 'PATCH', path: '/content/objects/1/objectstates', input: 'ContentObjectStates', body: { ContentObjectStates: { ObjectState: [] } } });
    expect(none.status).toBe(400);
    const wrongHref = await rest(app, { method: 'PATCH', path: '/content/objects/1/objectstates', input: 'ContentObjectStates', body: { ContentObjectStates: { ObjectState: [{ _href: `${PREFIX}/content/sections/1` }] } } });
    expect(wrongHref.status).toBe(406);
    const unknownContent = await rest(app, { method: 'PATCH', path: '/content/objects/999/objectstates', input: 'ContentObjectStates', body: { ContentObjectStates: { ObjectState: [{ _href: stateHref(2, 1) }] } } });
    expect(unknownContent.status).toBe(404);
    expect((await repo.admin.objectStateService.getContentState(1, 2)).identifier).toBe('locked');
  });
});
