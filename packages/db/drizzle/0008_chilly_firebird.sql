ALTER TABLE `conversations` ADD `careful` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `safety_category` text;