import { describe, expect, it } from 'vitest';
import { tagListResponseSchema, tagResponseSchema } from '../../../contract/tag';
import { expectProblem, manualClock, otherAuth } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * Tags as UpCloud's Go SDK (and through it Terraform's `upcloud_tag` and `upcloud_server.tags`)
 * sends them: create with `"servers":{"server":[]}`, tag a server, rename, delete (issue 18, item 3).
 */

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { call, ok, okBody, getBody, audited, serverNamed, server } = sandboxSuite({
  clock,
  authFailureLimit: 1_000_000,
});

const tagList = async (auth?: string) =>
  (await getBody(tagListResponseSchema, '/1.3/tag', auth)).tags.tag;

describe('tags', () => {
  it('creates, renames and deletes tags, and keeps the servers carrying them in step', async () => {
    const web = await serverNamed('web-1');
    const created = await audited(1, () =>
      okBody(
        tagResponseSchema,
        'POST',
        '/1.3/tag',
        { tag: { name: 'sdk_tag1', servers: { server: [] } } },
        201,
      ),
    );
    expect(created).toEqual({
      tag: { name: 'sdk_tag1', description: '', servers: { server: [] } },
    });
    await okBody(
      tagResponseSchema,
      'POST',
      '/1.3/tag',
      { tag: { name: 'sdk_tag2', description: 'second', servers: { server: [web.uuid] } } },
      201,
    );
    expect((await server(web.uuid)).tags.tag).toContain('sdk_tag2');
    await ok('POST', `/1.3/server/${web.uuid}/tag/sdk_tag1`, undefined, 200);

    const listed = await tagList();
    expect(listed).toEqual(
      expect.arrayContaining([
        { name: 'sdk_tag1', description: '', servers: { server: [web.uuid] } },
        { name: 'sdk_tag2', description: 'second', servers: { server: [web.uuid] } },
      ]),
    );
    expect((await tagList(otherAuth)).map((tag) => tag.name)).not.toContain('sdk_tag1');

    const renamed = await audited(1, () =>
      okBody(
        tagResponseSchema,
        'PUT',
        '/1.3/tag/sdk_tag1',
        { tag: { name: 'sdk_tag1_renamed' } },
        200,
      ),
    );
    expect(renamed.tag).toEqual({
      name: 'sdk_tag1_renamed',
      description: '',
      servers: { server: [web.uuid] },
    });
    const tags = (await server(web.uuid)).tags.tag;
    expect(tags).toContain('sdk_tag1_renamed');
    expect(tags).not.toContain('sdk_tag1');

    // The Go SDK's ModifyTagRequest always sends `servers`: the list replaces the tag's servers.
    const emptied = await okBody(
      tagResponseSchema,
      'PUT',
      '/1.3/tag/sdk_tag2',
      { tag: { name: 'sdk_tag2', servers: { server: [] } } },
      200,
    );
    expect(emptied.tag.servers.server).toEqual([]);
    expect((await server(web.uuid)).tags.tag).not.toContain('sdk_tag2');

    await audited(1, () => ok('DELETE', '/1.3/tag/sdk_tag1_renamed', undefined, 204));
    expect((await server(web.uuid)).tags.tag).not.toContain('sdk_tag1_renamed');
    expect((await tagList()).map((tag) => tag.name)).not.toContain('sdk_tag1_renamed');
  });

  it('lists the tags servers carry and answers the tag codes', async () => {
    const web = await serverNamed('web-1');
    await ok('POST', `/1.3/server/${web.uuid}/tag/on_the_fly`, undefined, 200);
    expect(await tagList()).toContainEqual({
      name: 'on_the_fly',
      description: '',
      servers: { server: [web.uuid] },
    });
    expectProblem(
      await call('POST', '/1.3/tag', { tag: { name: 'on_the_fly' } }),
      409,
      'TAG_EXISTS',
    );
    expectProblem(
      await call('PUT', '/1.3/tag/testTag', { tag: { name: 'x' } }),
      404,
      'TAG_NOT_FOUND',
    );
    expectProblem(await call('DELETE', '/1.3/tag/bad-name'), 400, 'TAG_INVALID');
    expectProblem(await call('POST', '/1.3/tag', { tag: { name: 'a b' } }), 400, 'NAME_INVALID');
    const theirs = (await serverNamed('other-app', otherAuth)).uuid;
    expectProblem(
      await call('POST', '/1.3/tag', { tag: { name: 'mine', servers: { server: [theirs] } } }),
      403,
      'SERVER_FORBIDDEN',
    );
  });

  it('reads a null server list wrapper as an empty list (item 4)', async () => {
    const created = await okBody(
      tagResponseSchema,
      'POST',
      '/1.3/tag',
      { tag: { name: 'null_wrapper', servers: { server: null } } },
      201,
    );
    expect(created.tag.servers.server).toEqual([]);
  });
});
