/**
 * A function to run inside the page, built from source text. Playwright sends a function's
 * `toString()` to the page; a function written in TypeScript arrives as whatever the toolchain made
 * of it (tsx and esbuild add `__name(...)` calls that do not exist in the page). Built from a string,
 * what runs is exactly what is written.
 */
export function pageFunction<Arg, Result>(parameter: string, body: string): (arg: Arg) => Result {
  // Page code here is fixed text written in this repository, never caller input.
  return new Function(parameter, body) as (arg: Arg) => Result;
}
