import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type PlatformServer,
  platformFixture,
  startPlatformServer,
} from '../../../../test/templates/platform-server.js';
import { runTemplate } from '../../../../test/templates/run-template.js';
import { vehicleVinDecode } from './index.js';

let server: PlatformServer;
const API = 'vpic.nhtsa.dot.gov/api/vehicles/DecodeVinValues';

beforeAll(async () => {
  server = await startPlatformServer({
    [`${API}/1HGCV1F34LA012345`]: json(platformFixture('vehicle-vin-decode/decode-full.json')),
    [`${API}/1HGCV1F3`]: json(platformFixture('vehicle-vin-decode/decode-partial.json')),
  });
});
afterAll(() => server.close());

describe('vehicle-vin-decode', () => {
  it('decodes a full VIN into the vehicle record, keeping every value the decoder filled', async () => {
    const run = await runTemplate(server, vehicleVinDecode, { params: { vin: '1hgcv1f34la012345' } });
    expect(run.fetchedUrl).toBe(`https://${API}/1HGCV1F34LA012345?format=json`);
    const record = run.data as Record<string, unknown>;
    expect(record).toMatchObject({
      vin: '1HGCV1F34LA012345',
      partial: false,
      make: 'HONDA',
      manufacturer: 'AMERICAN HONDA MOTOR CO., INC.',
      model: 'Accord',
      model_year: 2020,
      trim: 'LX',
      series: null,
      body_class: 'Sedan/Saloon',
      vehicle_type: 'PASSENGER CAR',
      doors: 4,
      drive_type: 'FWD/Front-Wheel Drive',
      engine: {
        cylinders: 4,
        displacement_l: 1.5,
        horsepower: 192,
        configuration: 'In-Line',
        model: 'L15BE',
        fuel_type: 'Gasoline',
        turbo: 'Yes',
      },
      transmission: { style: 'Continuously Variable Transmission (CVT)', speeds: null },
      plant: { city: 'MARYSVILLE', state: 'OHIO', country: 'UNITED STATES (USA)', company: null },
      error_code: '0',
      error_text: '0 - VIN decoded clean. Check Digit (9th position) is correct',
    });
    const values = record.values as Record<string, string>;
    expect(values.TPMS).toBe('Direct');
    expect(values).not.toHaveProperty('BatteryKWh');
    expect(values).not.toHaveProperty('BusType');
  });

  it('accepts a partial VIN with a model year and reports how incomplete the decode is', async () => {
    const run = await runTemplate(server, vehicleVinDecode, {
      params: { vin: '1HGCV1F3', model_year: 2020 },
    });
    expect(server.requestsTo('vpic.nhtsa.dot.gov').at(-1)?.query.get('modelyear')).toBe('2020');
    expect(run.data).toMatchObject({
      vin: '1HGCV1F3',
      partial: true,
      make: 'HONDA',
      model: 'Accord',
      error_code: '6',
      error_text: '6 - Incomplete VIN',
    });
  });

  it('refuses a missing or malformed vin, naming it', async () => {
    await expect(runTemplate(server, vehicleVinDecode, { params: {} })).rejects.toMatchObject({
      code: 'INVALID_TEMPLATE_PARAMS',
      details: [{ field: 'params.vin', message: 'vin is required' }],
    });
    await expect(
      runTemplate(server, vehicleVinDecode, { params: { vin: '1HG/../x' } }),
    ).rejects.toMatchObject({
      code: 'INVALID_TEMPLATE_PARAMS',
      details: [expect.objectContaining({ field: 'params.vin' })],
    });
  });

  it('resolves a decoder URL to its vin and model year', () => {
    expect(vehicleVinDecode.fromUrl?.(new URL(`https://${API}/1HGCV1F3?format=json&modelyear=2020`))).toEqual(
      { vin: '1HGCV1F3', model_year: '2020' },
    );
    expect(vehicleVinDecode.fromUrl?.(new URL('https://vpic.nhtsa.dot.gov/api/'))).toBeNull();
  });
});
