/** `createMonitor`, `create_monitor`, `CreateMonitor`, `create-monitor` → ['create', 'monitor']. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const pascalCase = (name: string) => words(name).map(capital).join('');
export const snakeCase = (name: string) => words(name).join('_');
export function camelCase(name: string): string {
  const [first = '', ...rest] = words(name);
  return first + rest.map(capital).join('');
}

/** A string a generated file may carry inside a comment without ending it. */
export function commentSafe(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\r\n?/g, '\n');
}
