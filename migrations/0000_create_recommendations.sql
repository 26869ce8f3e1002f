CREATE TABLE `recommendations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`is_locked` integer DEFAULT true NOT NULL,
	`input` text NOT NULL,
	`recommendation` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `recommendations_user_id_created_at_idx` ON `recommendations` (`user_id`,"created_at" desc,"id" desc);