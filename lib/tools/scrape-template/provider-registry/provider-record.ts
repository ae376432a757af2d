import { asArray, asRecord, type JsonObject, text } from '../shared/values.js';

/** One registry result as a provider record; the registry writes "--" for an empty name part. */
export function providerRecord(raw: JsonObject) {
  const basic = asRecord(raw.basic);
  const value = (key: string) => {
    const found = text(basic[key]);
    return found === '--' ? null : found;
  };
  const enumerationType = text(raw.enumeration_type);
  const organization = enumerationType === 'NPI-2';
  const taxonomies = asArray(raw.taxonomies).map((entry) => {
    const taxonomy = asRecord(entry);
    return {
      code: text(taxonomy.code),
      description: text(taxonomy.desc),
      license: text(taxonomy.license),
      state: text(taxonomy.state),
      primary: taxonomy.primary === true,
    };
  });
  const addresses = asArray(raw.addresses).map(asRecord);
  const address = (purpose: string) => {
    const found = addresses.find((entry) => text(entry.address_purpose) === purpose);
    return found ? addressRecord(found) : null;
  };
  const personal = [
    value('name_prefix'),
    value('first_name'),
    value('middle_name'),
    value('last_name'),
    value('name_suffix'),
  ];
  return {
    npi: text(raw.number),
    type: organization ? 'organization' : enumerationType === 'NPI-1' ? 'individual' : null,
    enumeration_type: enumerationType,
    name: organization ? value('organization_name') : personal.filter(Boolean).join(' ') || null,
    first_name: value('first_name'),
    middle_name: value('middle_name'),
    last_name: value('last_name'),
    credential: value('credential'),
    organization_name: value('organization_name'),
    gender: value('gender') ?? value('sex'),
    status: value('status') === 'A' ? 'active' : value('status'),
    sole_proprietor:
      value('sole_proprietor') === 'YES' ? true : value('sole_proprietor') === 'NO' ? false : null,
    enumeration_date: value('enumeration_date'),
    last_updated: value('last_updated'),
    primary_taxonomy: taxonomies.find((taxonomy) => taxonomy.primary) ?? taxonomies[0] ?? null,
    taxonomies,
    location_address: address('LOCATION'),
    mailing_address: address('MAILING'),
    practice_locations: asArray(raw.practiceLocations).map((entry) => addressRecord(asRecord(entry))),
    identifiers: asArray(raw.identifiers),
    other_names: asArray(raw.other_names),
    endpoints: asArray(raw.endpoints),
    authorized_official: organization ? authorizedOfficial(basic) : null,
  };
}

function addressRecord(raw: JsonObject) {
  return {
    address_1: text(raw.address_1),
    address_2: text(raw.address_2),
    city: text(raw.city),
    state: text(raw.state),
    postal_code: text(raw.postal_code),
    country_code: text(raw.country_code),
    telephone_number: text(raw.telephone_number),
    fax_number: text(raw.fax_number),
  };
}

function authorizedOfficial(basic: JsonObject) {
  const name = [basic.authorized_official_first_name, basic.authorized_official_last_name]
    .map(text)
    .filter(Boolean)
    .join(' ');
  if (!name) return null;
  return {
    name,
    title: text(basic.authorized_official_title_or_position),
    telephone_number: text(basic.authorized_official_telephone_number),
  };
}
