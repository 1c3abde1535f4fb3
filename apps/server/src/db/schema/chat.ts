// The chat area's tables (drizzle), one migration in apps/server/drizzle/.
export {};
