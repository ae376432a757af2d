import { z } from '@hono/zod-openapi';
import { wholeNumber } from '../shared/job-record.js';
import { asArray, asRecord, type JsonObject, numberOf, text } from '../shared/values.js';
import { defineParamsTemplate } from '../template.js';

const API = 'https://vpic.nhtsa.dot.gov/api/vehicles/DecodeVinValues';
const FULL_VIN_LENGTH = 17;

export const vehicleVinDecode = defineParamsTemplate({
  id: 'vehicle-vin-decode',
  name: 'Vehicle VIN decoder',
  description:
    "A vehicle identification number decoded by the national vehicle safety agency's public decoder: make, model, " +
    'year, body, engine, plant, and every other value it decodes. Partial VINs are accepted (`*` for unknown ' +
    'positions); the decoder says in `error_code`/`error_text` how complete the decode is.',
  mode: 'entity',
  group: 'government',
  sources: [`${API}/<vin>?format=json`, `${API}/<vin>?format=json&modelyear=<model_year>`],
  examples: ['https://vpic.nhtsa.dot.gov/api/vehicles/DecodeVinValues/1HGCV1F34LA012345?format=json'],
  params: z.object({
    vin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(
        /^[A-Z0-9*]{1,17}$/,
        'must be a VIN or the start of one: up to 17 letters, digits or * (unknown)',
      )
      .describe('The VIN, full (17 characters) or partial (`*` marks an unknown position).'),
    model_year: wholeNumber({ min: 1950, max: 2100 })
      .optional()
      .describe('The model year, when known: it sharpens the decode of partial or ambiguous VINs.'),
  }),
  fromUrl(url) {
    if (url.hostname.toLowerCase() !== 'vpic.nhtsa.dot.gov') return null;
    const match = /\/api\/vehicles\/DecodeVin(?:Values)?(?:Extended)?\/([^/?#]+)/i.exec(url.pathname);
    if (!match) return null;
    const year = url.searchParams.get('modelyear');
    return { vin: decodeURIComponent(match[1]), ...(year ? { model_year: year } : {}) };
  },
  async extract(ctx, params) {
    const query = new URLSearchParams({ format: 'json' });
    if (params.model_year !== undefined) query.set('modelyear', String(params.model_year));
    const { data, url } = await ctx.reader.apiJson(`${API}/${encodeURIComponent(params.vin)}?${query}`);
    const values = asRecord(asArray(asRecord(data).Results)[0]);
    return { data: vehicleRecord(params.vin, values), fetchedUrl: url };
  },
});

/** The decoder answers ~150 variables, most of them empty strings: the record keeps the ones with a value. */
function vehicleRecord(vin: string, raw: JsonObject) {
  const value = (key: string) => text(raw[key]);
  const decoded = Object.fromEntries(
    Object.entries(raw).filter(([, entry]) => text(entry) !== null && text(entry) !== 'Not Applicable'),
  );
  return {
    vin,
    partial: vin.length < FULL_VIN_LENGTH || vin.includes('*'),
    make: value('Make'),
    manufacturer: value('Manufacturer'),
    model: value('Model'),
    model_year: numberOf(raw.ModelYear),
    trim: value('Trim'),
    series: value('Series'),
    body_class: value('BodyClass'),
    vehicle_type: value('VehicleType'),
    doors: numberOf(raw.Doors),
    drive_type: value('DriveType'),
    engine: {
      cylinders: numberOf(raw.EngineCylinders),
      displacement_l: numberOf(raw.DisplacementL),
      horsepower: numberOf(raw.EngineHP),
      configuration: value('EngineConfiguration'),
      model: value('EngineModel'),
      fuel_type: value('FuelTypePrimary'),
      turbo: value('Turbo'),
      electrification_level: value('ElectrificationLevel'),
    },
    transmission: { style: value('TransmissionStyle'), speeds: numberOf(raw.TransmissionSpeeds) },
    plant: {
      city: value('PlantCity'),
      state: value('PlantState'),
      country: value('PlantCountry'),
      company: value('PlantCompanyName'),
    },
    gvwr: value('GVWR'),
    vehicle_descriptor: value('VehicleDescriptor'),
    suggested_vin: value('SuggestedVIN'),
    error_code: value('ErrorCode'),
    error_text: value('ErrorText'),
    values: decoded,
  };
}
