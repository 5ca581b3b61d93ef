/**
 * The REST route table (Ibexa's `routing.yml`): path patterns with typed parameters and the handlers per method.
 * One table drives dispatch, HEAD (GET without a body), OPTIONS (`Allow` = the methods declared for the path,
 * in declaration order, like Ibexa's generated OPTIONS routes) and 405/404.
 */

/** Methods routes may declare (custom verbs included; PUBLISH and SWAP arrive through method override). */
export type RouteMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE' | 'COPY' | 'MOVE' | 'SWAP' | 'PUBLISH' | 'TRASH';

/** Path parameter requirements of Ibexa's REST routes (regex source, no anchors), by placeholder kind. */
export const PARAMETER_PATTERNS: Readonly<Record<string, string>> = {
  id: '\\d+',
  locationPath: '\\d+(?:/\\d+)*',
  groupPath: '\\d+(?:/\\d+)*',
  languageCode: '[^/]+',
  sessionId: '[^/]+',
  viewId: '[^/]+',
  identifier: '\\w+',
  urlAliasId: '\\d+-[a-f0-9]{32}',
  imageId: '\\d+-\\d+(?:-\\d+)?',
  variation: '[^/]+',
};

/**
 * A route: handlers with the context type of the adapter (kept generic so the table stays transport-neutral), and
 * optionally the adapter's description `A` of the aggregate the path's resource belongs to.
 */
export interface RouteDefinition<H, A = never> {
  /** Path relative to the prefix, with `{name:kind}` placeholders, e.g. `/content/objects/{contentId:id}`. */
  readonly path: string;
  /** Handlers per method, in the order the `Allow` header lists them. */
  readonly methods: readonly (readonly [RouteMethod, H])[];
  /**
   * 5.x POST alternatives selected by the request's input media type name (`CopyContentInput`): the POST forms
   * of Ibexa's custom verbs. They do not change the `Allow` list of the path.
   */
  readonly postByInputType?: Readonly<Record<string, H>>;
  /**
   * Verbs an input-type alternative answers besides POST (5.x `TrashLocationInput` also answers `TRASH`
   * on `/content/locations/{path}`). An OPTIONS request carrying such an input type lists `POST` and these.
   */
  readonly inputTypeVerbs?: Readonly<Record<string, readonly RouteMethod[]>>;
  /** Skip the CSRF check of session-authenticated unsafe requests (Ibexa's session routes). */
  readonly csrfExempt?: boolean;
  /**
   * The aggregate whose state the path's resource is part of (the REST adapter: a function of the request giving
   * the lock target), so that conditional requests (`If-Match`) on the path's unsafe methods can be checked against
   * it. Undefined for paths whose resource has no entity tag.
   */
  readonly aggregate?: A;
}

interface CompiledRoute<H, A> {
  readonly definition: RouteDefinition<H, A>;
  readonly regex: RegExp;
  readonly names: readonly string[];
}

/** Result of matching a request against the table. */
export type RouteMatch<H, A = never> =
  | {
      readonly kind: 'found';
      readonly handler: H;
      /** The matched route's path pattern, e.g. `/content/objects/{contentId:id}` (a bounded set: metrics label requests by it). */
      readonly path: string;
      readonly params: Readonly<Record<string, string>>;
      readonly allowed: readonly RouteMethod[];
      readonly csrfExempt: boolean;
      /** The path's {@link RouteDefinition.aggregate}. */
      readonly aggregate: A | undefined;
    }
  | { readonly kind: 'options'; readonly allowed: readonly RouteMethod[] }
  | { readonly kind: 'methodNotAllowed'; readonly allowed: readonly RouteMethod[] }
  | { readonly kind: 'notFound' };

/** A compiled route table. */
export class RouteTable<H, A = never> {
  private readonly routes: readonly CompiledRoute<H, A>[];

  /** @throws Error for a placeholder of unknown kind (a programming error). */
  constructor(definitions: readonly RouteDefinition<H, A>[]) {
    this.routes = definitions.map((definition) => {
      const names: string[] = [];
      const source = definition.path.replace(/\{(\w+):(\w+)\}/g, (_match, name: string, kind: string) => {
        const pattern = PARAMETER_PATTERNS[kind];
        if (pattern === undefined) throw new Error(`Unknown route parameter kind '${kind}' in ${definition.path}`);
        names.push(name);
        return `(${pattern})`;
      });
      return { definition, names, regex: new RegExp(`^${source.replace(/\/$/, '') || ''}/?$`) };
    });
  }

  /**
   * Finds the handler for `method` on `path` (relative to the prefix). HEAD falls back to GET.
   * `inputType` (the request's input media type name) selects 5.x POST alternatives.
   */
  match(method: string, path: string, inputType: string | null): RouteMatch<H, A> {
    let allowedOnPath: RouteMethod[] | null = null;
    for (const route of this.routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = found[index + 1] ?? '';
      });
      const allowed = route.definition.methods.map(([name]) => name);
      allowedOnPath ??= allowed;
      const alternative = inputType === null ? undefined : route.definition.postByInputType?.[inputType];
      if (alternative && inputType !== null) {
        const verbs: readonly RouteMethod[] = ['POST', ...(route.definition.inputTypeVerbs?.[inputType] ?? [])];
        if (method === 'OPTIONS') return { kind: 'options', allowed: verbs };
        if (verbs.some((verb) => verb === method)) {
          return { kind: 'found', handler: alternative, path: route.definition.path, params, allowed, csrfExempt: false, aggregate: route.definition.aggregate };
        }
      }
      if (method === 'OPTIONS') return { kind: 'options', allowed };
      const wanted = method === 'HEAD' && !allowed.includes('HEAD') ? 'GET' : method;
      const handler = route.definition.methods.find(([name]) => name === wanted)?.[1];
      if (handler) {
        const { csrfExempt = false, aggregate } = route.definition;
        return { kind: 'found', handler, path: route.definition.path, params, allowed, csrfExempt, aggregate };
      }
    }
    return allowedOnPath ? { kind: 'methodNotAllowed', allowed: allowedOnPath } : { kind: 'notFound' };
  }
}
