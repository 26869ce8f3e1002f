-- drizzle-kit's (meta/0006_snapshot.json). Widen only: a row without a search id is a search of its own
-- (its id), so older rows need no backfill; the queries read coalesce(search_id, id).
ALTER TABLE `recommendation_jobs` ADD `search_id` text;--> statement-breakpoint
ALTER TABLE `recommendation_jobs` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `recommendation_jobs` ADD `corrections` text;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `search_id` text;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `recommendations` ADD `corrections` text;--> statement-breakpoint
CREATE INDEX `recommendations_user_id_search_id_idx` ON `recommendations` (`user_id`,`search_id`);