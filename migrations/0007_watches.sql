-- drizzle-kit's (meta/0007_snapshot.json). New tables only: watches, what they check, the ads they have seen and
-- matched, the digests sent, the watch checks' Blocket fetches per day, and the development outbox (docs/decisions/020).
CREATE TABLE `dev_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`message` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_outbox_user_id_idx` ON `dev_outbox` (`user_id`);--> statement-breakpoint
CREATE TABLE `watch_digests` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`sent_at` integer NOT NULL,
	`match_count` integer NOT NULL,
	`reminder_count` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `watch_fetch_days` (
	`day` text PRIMARY KEY NOT NULL,
	`fetches` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `watch_matches` (
	`watch_id` text NOT NULL,
	`ad_key` text NOT NULL,
	`kind` text NOT NULL,
	`user_id` text NOT NULL,
	`car_key` text NOT NULL,
	`ad` text NOT NULL,
	`found_at` integer NOT NULL,
	`mailed_at` integer,
	PRIMARY KEY(`watch_id`, `ad_key`, `kind`)
);
--> statement-breakpoint
CREATE INDEX `watch_matches_user_id_idx` ON `watch_matches` (`user_id`);--> statement-breakpoint
CREATE TABLE `watch_seen_ads` (
	`watch_id` text NOT NULL,
	`ad_key` text NOT NULL,
	`query_key` text NOT NULL,
	`first_price` integer NOT NULL,
	`last_price` integer NOT NULL,
	`baseline` integer NOT NULL,
	`first_seen_at` integer NOT NULL,
	PRIMARY KEY(`watch_id`, `ad_key`)
);
--> statement-breakpoint
CREATE INDEX `watch_seen_ads_query_key_idx` ON `watch_seen_ads` (`query_key`);--> statement-breakpoint
CREATE TABLE `watch_targets` (
	`watch_id` text NOT NULL,
	`car_key` text NOT NULL,
	`car_name` text NOT NULL,
	`query_key` text NOT NULL,
	`query` text NOT NULL,
	`advice` text NOT NULL,
	PRIMARY KEY(`watch_id`, `car_key`)
);
--> statement-breakpoint
CREATE INDEX `watch_targets_query_key_idx` ON `watch_targets` (`query_key`);--> statement-breakpoint
CREATE TABLE `watches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`search_id` text NOT NULL,
	`recommendation_id` text NOT NULL,
	`car_key` text,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`renewed_at` integer,
	`expires_at` integer NOT NULL,
	`stopped_at` integer,
	`baseline_pending` integer DEFAULT false NOT NULL,
	`local_mail_to` text
);
--> statement-breakpoint
CREATE INDEX `watches_user_id_idx` ON `watches` (`user_id`);--> statement-breakpoint
CREATE INDEX `watches_expires_at_idx` ON `watches` (`expires_at`);