CREATE TABLE `deleted_users` (
	`user_id` text PRIMARY KEY NOT NULL,
	`deleted_at` integer NOT NULL,
	`swept_at` integer
);
--> statement-breakpoint
ALTER TABLE `user_activity` ADD `retention_failures` integer DEFAULT 0 NOT NULL;