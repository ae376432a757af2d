import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { providerRegistry } from './index.js';

let server: PlatformServer;

beforeAll(async () => {
  server = await startPlatformServer({
    'npiregistry.cms.hhs.gov/api/': (req, res, request) => {
      const file = request.query.has('number')
        ? 'by-number'
        : request.query.has('postal_code')
          ? 'errors'
          : 'by-name';
      json(platformFixture(`provider-registry/${file}.json`))(req, res, request);
    },
  });
});
afterAll(() => server.close());

type Items = { items: Record<string, unknown>[]; count: number; next_params?: unknown };

describe('provider-registry', () => {
  it('looks one provider up by number', async () => {
    const run = await runTemplate(server, providerRegistry, { params: { number: '1234567893' } });
    const query = server.requestsTo('npiregistry.cms.hhs.gov').at(-1)!.query;
    expect(query.get('version')).toBe('2.1');
    expect(query.get('number')).toBe('1234567893');
    const data = run.data as Items;
    expect(data.count).toBe(1);
    expect(data.items[0]).toMatchObject({
      npi: '1234567893',
      type: 'individual',
      name: 'ROBYN H PECKHAM',
      credential: 'MD',
      gender: 'F',
      status: 'active',
      sole_proprietor: false,
      enumeration_date: '2006-08-02',
      primary_taxonomy: {
        code: '207X00000X',
        description: 'Orthopaedic Surgery',
        license: '980660',
        state: 'NC',
        primary: true,
      },
      location_address: expect.objectContaining({
        address_1: '29 DOCTORS DRIVE',
        address_2: 'SUITE 200',
        postal_code: '28732',
      }),
      mailing_address: expect.objectContaining({ address_1: 'PO BOX 1060' }),
      identifiers: [expect.objectContaining({ desc: 'MEDICAID' })],
      authorized_official: null,
    });
  });

  it('searches by name and place, individuals and organizations', async () => {
    const run = await runTemplate(server, providerRegistry, {
      params: { last_name: 'smith', state: 'nc', limit: 2 },
    });
    const query = server.requestsTo('npiregistry.cms.hhs.gov').at(-1)!.query;
    expect(query.get('state')).toBe('NC');
    expect(query.get('limit')).toBe('2');
    const data = run.data as Items;
    expect(data.count).toBe(2);
    expect(data.next_params).toEqual({ skip: 2, limit: 2 });
    expect(data.items[1]).toMatchObject({
      npi: '1669475711',
      type: 'organization',
      name: 'SMITH FAMILY MEDICINE PLLC',
      authorized_official: { name: 'JANE SMITH', title: 'OWNER', telephone_number: '8285550300' },
    });
  });

  it('refuses a search by state alone before asking the registry', async () => {
    const before = server.requests.length;
    await expect(runTemplate(server, providerRegistry, { params: { state: 'NC' } })).rejects.toMatchObject({
      code: 'INVALID_TEMPLATE_PARAMS',
      details: [
        expect.objectContaining({ field: 'params.number', message: expect.stringContaining('state alone') }),
      ],
    });
    expect(server.requests.length).toBe(before);
  });

  it("passes the registry's own refusal on as INVALID_TEMPLATE_PARAMS naming its field", async () => {
    await expect(
      runTemplate(server, providerRegistry, { params: { postal_code: '2*' } }),
    ).rejects.toMatchObject({
      code: 'INVALID_TEMPLATE_PARAMS',
      details: [{ field: 'params.postal_code', message: expect.stringContaining('at least 2 characters') }],
    });
  });

  it('resolves a provider page URL to its number', () => {
    expect(
      providerRegistry.fromUrl?.(new URL('https://npiregistry.cms.hhs.gov/provider-view/1234567893')),
    ).toEqual({
      number: '1234567893',
    });
    expect(
      providerRegistry.fromUrl?.(new URL('https://npiregistry.cms.hhs.gov/api/?version=2.1&last_name=smith')),
    ).toEqual({
      last_name: 'smith',
    });
  });
});
