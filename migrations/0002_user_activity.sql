CREATE TABLE `user_activity` (
	`user_id` text PRIMARY KEY NOT NULL,
	`last_active_on` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `user_activity_last_active_on_idx` ON `user_activity` (`last_active_on`);
--> statement-breakpoint
-- Hand-written backfill: whoever saved something before activity was recorded counts as active on
-- the day of their newest recommendation, so the retention job never mistakes them for inactive.
INSERT INTO `user_activity` (`user_id`, `last_active_on`)
SELECT `user_id`, date(max(`created_at`) / 1000, 'unixepoch') FROM `recommendations` GROUP BY `user_id`;
