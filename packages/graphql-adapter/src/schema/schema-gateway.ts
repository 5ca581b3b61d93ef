import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { printSchema, type GraphQLSchema } from 'graphql';
import type { FieldTypeMapperRegistry } from '../field-types/index.js';
import { buildSchema } from './build-schema.js';
import { fingerprintModel, type SchemaModel } from './model.js';

/** Apollo's `GatewayInterface`, as the `gateway` option types it. */
export type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type SchemaListener = Parameters<GatewayInterface['onSchemaLoadOrUpdate']>[0];

/** Options of {@link GeneratedSchemaGateway}. */
export interface GeneratedSchemaGatewayOptions {
  /** Loads the current model (content types, languages, variations). */
  readonly loadModel: () => Promise<SchemaModel>;
  /** The model is checked at most this often on requests (milliseconds; 0 = on every request). */
  readonly checkIntervalMs: number;
  readonly warn?: (message: string) => void;
  /** The GraphQL form of each field type (default: the built-in mappers). */
  readonly fieldTypeMappers?: FieldTypeMapperRegistry;
  /** Reports a failed check (the previous schema stays in use). */
  readonly onCheckError?: (error: unknown) => void;
  readonly now?: () => number;
}

/**
 * Runtime schema regeneration (Ibexa needs `ibexa:graphql:generate-schema` instead; package README, "Schema
 * regeneration"): Apollo Server's `gateway` option with a local gateway. `load()` builds the first schema and answers
 * `executor: null`, so Apollo executes locally; afterwards {@link ensureFresh} (called before each request picks its
 * schema) compares the model's fingerprint at most every `checkIntervalMs` — or at once after {@link invalidate} —
 * and, when it changed, builds a new schema and hands it to Apollo through `onSchemaLoadOrUpdate`. Apollo takes the
 * schema once per request, so a request never mixes two schemas; resolvers close over the model of their own schema.
 */
export class GeneratedSchemaGateway implements GatewayInterface {
  private readonly listeners = new Set<SchemaListener>();
  private current: { readonly fingerprint: string; readonly schema: GraphQLSchema } | null = null;
  private lastCheck = Number.NEGATIVE_INFINITY;
  /** Counts {@link invalidate} calls; `checked` is the count the last check started after. */
  private generation = 0;
  private checked = 0;
  private inflight: { readonly generation: number; readonly done: Promise<boolean> } | null = null;
  private readonly now: () => number;

  constructor(private readonly options: GeneratedSchemaGatewayOptions) {
    this.now = options.now ?? Date.now;
  }

  onSchemaLoadOrUpdate(listener: SchemaListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async load(): Promise<{ executor: null }> {
    await this.refresh();
    return { executor: null };
  }

  async stop(): Promise<void> {
    this.listeners.clear();
  }

  /** The schema in use. @throws Error before the first load. */
  get schema(): GraphQLSchema {
    if (this.current === null) throw new Error('The GraphQL schema has not been loaded yet');
    return this.current.schema;
  }

  /**
   * The model has changed (e.g. a content type change was announced): the next {@link ensureFresh} checks it
   * whatever the interval, and a check already running — which may have read the model before the change — does
   * not count as one.
   */
  invalidate(): void {
    this.generation += 1;
  }

  /**
   * Checks the model now and rebuilds the schema when its fingerprint changed; concurrent calls share one check,
   * unless {@link invalidate} was called since it started (then a new one runs after it).
   * @returns whether a new schema was installed.
   */
  refresh(): Promise<boolean> {
    const running = this.inflight;
    if (running !== null && running.generation === this.generation) return running.done;
    const generation = this.generation;
    const after = running === null ? Promise.resolve() : running.done.then(
      () => undefined,
      () => undefined,
    );
    const done: Promise<boolean> = after
      .then(() => this.check(generation))
      .finally(() => {
        if (this.inflight?.done === done) this.inflight = null;
      });
    this.inflight = { generation, done };
    return done;
  }

  /**
   * Checks the model when the last check is older than the interval, the model was invalidated since, or a check
   * is running. A failed check keeps the current schema and is reported to `onCheckError`; only the first load
   * fails the caller.
   */
  async ensureFresh(): Promise<void> {
    const fresh = this.checked === this.generation && this.now() - this.lastCheck < this.options.checkIntervalMs;
    if (this.inflight === null && fresh) return;
    try {
      await this.refresh();
    } catch (error) {
      if (this.current === null) throw error;
      this.options.onCheckError?.(error);
    }
  }

  private async check(generation: number): Promise<boolean> {
    const model = await this.options.loadModel();
    this.lastCheck = this.now();
    this.checked = generation;
    const fingerprint = fingerprintModel(model);
    if (this.current?.fingerprint === fingerprint) return false;
    const { warn, fieldTypeMappers } = this.options;
    const schema = buildSchema(model, { ...(warn ? { warn } : {}), ...(fieldTypeMappers ? { fieldTypeMappers } : {}) });
    this.current = { fingerprint, schema };
    const context = { apiSchema: schema, coreSupergraphSdl: printSchema(schema) };
    for (const listener of this.listeners) listener(context);
    return true;
  }
}
