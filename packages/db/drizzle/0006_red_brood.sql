ALTER TABLE `ai_usage` ADD `errors` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ai_usage` ADD `plan_fallbacks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `coach_snapshot` text;--> statement-breakpoint
ALTER TABLE `daily_plans` ADD `fallback` integer DEFAULT false NOT NULL;