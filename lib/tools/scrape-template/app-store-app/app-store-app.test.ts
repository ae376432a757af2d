import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { appStoreApp } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'itunes.apple.com/lookup': (req, res, request) =>
      json(
        request.query.get('id') === '6449876543'
          ? platformFixture('app-store-app/lookup.json')
          : { resultCount: 0, results: [] },
      )(req, res, request),
  });
});
afterAll(() => server.close());

describe('app-store-app', () => {
  it("reads the app from the store's lookup API for the page's country", async () => {
    const run = await runTemplate(server, appStoreApp, {
      url: 'https://apps.apple.com/gb/app/fleetctl-robot-fleet-control/id6449876543',
    });
    expect(server.requestsTo('itunes.apple.com').at(-1)?.query.get('country')).toBe('gb');
    expect(run.data).toEqual({
      id: '6449876543',
      name: 'Fleetctl: Robot Fleet Control',
      bundle_id: 'dev.fleetctl.mobile',
      url: 'https://apps.apple.com/us/app/fleetctl-robot-fleet-control/id6449876543',
      country: 'gb',
      developer: {
        id: '1598765432',
        name: 'Acme Robotics Inc.',
        url: 'https://apps.apple.com/us/developer/acme-robotics-inc/id1598765432',
      },
      seller: 'Acme Robotics Inc.',
      seller_url: 'https://fleetctl.dev',
      price: 0,
      formatted_price: 'Free',
      currency: 'USD',
      rating: 4.71,
      rating_count: 1284,
      version: '2.3.1',
      release_notes: 'Route previews for mixed fleets.\nFixes a crash on iPad when a robot goes offline.',
      description:
        'Watch every robot in your warehouse, pause a route, push an update.\n\nWorks with fleetctl 2.x.',
      released_at: '2023-06-20T07:00:00.000Z',
      updated_at: '2026-09-03T16:12:40.000Z',
      genres: ['Productivity', 'Business'],
      primary_genre: 'Productivity',
      content_rating: '4+',
      size_bytes: 48213504,
      minimum_os_version: '16.0',
      languages: ['DE', 'EN', 'FR'],
      screenshots: [
        'https://is1-ssl.mzstatic.com/image/thumb/PurpleSource116/v4/aa/bb/cc/aabbcc01/1.png/392x696bb.png',
        'https://is1-ssl.mzstatic.com/image/thumb/PurpleSource116/v4/aa/bb/cc/aabbcc02/2.png/392x696bb.png',
      ],
      icon: 'https://is1-ssl.mzstatic.com/image/thumb/Purple221/v4/11/22/33/icon/AppIcon-512x512bb.jpg',
    });
  });

  it('answers NO_TEMPLATE_MATCH when the store has no such app', async () => {
    await expect(
      runTemplate(server, appStoreApp, { url: 'https://apps.apple.com/us/app/id1' }),
    ).rejects.toMatchObject({
      code: 'NO_TEMPLATE_MATCH',
    });
  });

  it('recognises app pages, with or without country and name', () => {
    for (const example of appStoreApp.examples) expect(appStoreApp.match(new URL(example))).toBe('host');
    expect(appStoreApp.match(new URL('https://apps.apple.com/us/developer/acme/id1598765432'))).toBeNull();
  });
});
