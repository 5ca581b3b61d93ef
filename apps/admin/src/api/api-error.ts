/**
 * An error answered by the REST API, decoded from its `ErrorMessage` body: the status, Ibexa's reason phrase and
 * description, and, for a field validation error (400), the messages per field definition id
 * (`errorDetails.fields[]._fieldTypeId`, which carries the field definition's id as in Ibexa).
 */
export class ApiError extends Error {
  constructor(
    /** HTTP status (0 when the server could not be reached). */
    readonly status: number,
    message: string,
    /** Validation messages by field definition id. */
    readonly fieldErrors: ReadonlyMap<number, readonly string[]> = new Map(),
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The error of a response that is not 2xx: its ErrorMessage when it has one, else the status line. */
  static async of(response: Response): Promise<ApiError> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const error = isRecord(body) && isRecord(body['ErrorMessage']) ? body['ErrorMessage'] : undefined;
    if (error === undefined) return new ApiError(response.status, `${response.status} ${response.statusText || 'Error'}`);
    const description = typeof error['errorDescription'] === 'string' ? error['errorDescription'] : '';
    const reason = typeof error['errorMessage'] === 'string' ? error['errorMessage'] : response.statusText;
    return new ApiError(response.status, description === '' ? reason : description, fieldErrorsOf(error['errorDetails']));
  }
}

function fieldErrorsOf(details: unknown): Map<number, string[]> {
  const map = new Map<number, string[]>();
  if (!isRecord(details) || !Array.isArray(details['fields'])) return map;
  for (const field of details['fields'] as unknown[]) {
    if (!isRecord(field)) continue;
    const id = Number(field['_fieldTypeId']);
    const errors = Array.isArray(field['errors']) ? (field['errors'] as unknown[]) : [];
    const messages = errors.flatMap((entry) => (isRecord(entry) && typeof entry['message'] === 'string' ? [entry['message']] : []));
    map.set(id, [...(map.get(id) ?? []), ...messages]);
  }
  return map;
}

/** Whether `value` is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A readable message for anything thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
