CREATE TABLE `recommendation_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`failure` text,
	`input` text NOT NULL,
	`requirements` text
);
--> statement-breakpoint
CREATE INDEX `recommendation_jobs_user_id_created_at_idx` ON `recommendation_jobs` (`user_id`,"created_at" desc);