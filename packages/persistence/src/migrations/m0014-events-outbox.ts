import { SchemaMigration } from './schema-migration.js';

/**
 * Domain events that are never lost: the outbox `domain_event`, written in the transaction of each change and
 * numbered (`seq`) after commit in the order readers follow; `event_cursor`, the position of each durable reader;
 * `webhook` and `webhook_delivery`, the registered endpoints and the delivery of each event to each of them,
 * which is also the delivery log (`schema/tables/event-tables.ts`).
 * Generated from the schema description (`schema:migration`); committed as is, never edited once released.
 */
export class EventsOutboxMigration extends SchemaMigration {
  override up(): void {
    this.statements({
      sqlite: [
        'CREATE TABLE "domain_event" ("id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "seq" bigint, "type" varchar(64) NOT NULL, "payload" json NOT NULL, "user_id" integer, "occurred_ms" bigint NOT NULL)',
        'CREATE UNIQUE INDEX "domain_event_seq_unique" ON "domain_event" ("seq")',
        'CREATE TABLE "event_cursor" ("name" varchar(64) NOT NULL, "seq" bigint NOT NULL, PRIMARY KEY ("name"))',
        'CREATE TABLE "webhook" ("id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "url" text NOT NULL, "events" json NOT NULL, "secret" text NOT NULL, "enabled" boolean NOT NULL DEFAULT 1, "created" bigint NOT NULL)',
        'CREATE TABLE "webhook_delivery" ("id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "webhook_id" integer NOT NULL, "event_id" integer NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT 0, "next_attempt_ms" bigint NOT NULL, "claimed_by" varchar(64), "claimed_until_ms" bigint, "last_status" integer, "last_error" text, "delivered_ms" bigint, "created_ms" bigint NOT NULL)',
        'CREATE UNIQUE INDEX "webhook_delivery_webhook_id_event_id_unique" ON "webhook_delivery" ("webhook_id", "event_id")',
        'CREATE INDEX "webhook_delivery_status_next_attempt_ms_index" ON "webhook_delivery" ("status", "next_attempt_ms")',
        'CREATE INDEX "webhook_delivery_event_id_index" ON "webhook_delivery" ("event_id")',
      ],
      postgresql: [
        'CREATE TABLE "domain_event" ("id" serial NOT NULL, "seq" bigint, "type" varchar(64) NOT NULL, "payload" jsonb NOT NULL, "user_id" integer, "occurred_ms" bigint NOT NULL, PRIMARY KEY ("id"))',
        'ALTER TABLE "domain_event" ADD CONSTRAINT "domain_event_seq_unique" UNIQUE ("seq")',
        'CREATE TABLE "event_cursor" ("name" varchar(64) NOT NULL, "seq" bigint NOT NULL, PRIMARY KEY ("name"))',
        'CREATE TABLE "webhook" ("id" serial NOT NULL, "url" text NOT NULL, "events" jsonb NOT NULL, "secret" text NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "created" bigint NOT NULL, PRIMARY KEY ("id"))',
        'CREATE TABLE "webhook_delivery" ("id" serial NOT NULL, "webhook_id" integer NOT NULL, "event_id" integer NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT 0, "next_attempt_ms" bigint NOT NULL, "claimed_by" varchar(64), "claimed_until_ms" bigint, "last_status" integer, "last_error" text, "delivered_ms" bigint, "created_ms" bigint NOT NULL, PRIMARY KEY ("id"))',
        'ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_event_id_unique" UNIQUE ("webhook_id", "event_id")',
        'CREATE INDEX "webhook_delivery_status_next_attempt_ms_index" ON "webhook_delivery" ("status", "next_attempt_ms")',
        'CREATE INDEX "webhook_delivery_event_id_index" ON "webhook_delivery" ("event_id")',
      ],
    });
  }
}
