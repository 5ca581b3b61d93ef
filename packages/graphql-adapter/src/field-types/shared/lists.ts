/** A list input without its null entries (GraphQL allows them in `[String]`/`[Int]`); other input unchanged. */
export const withoutNulls = (input: unknown): unknown => (Array.isArray(input) ? input.filter((item) => item !== null) : input);
