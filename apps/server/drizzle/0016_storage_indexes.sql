CREATE INDEX "storage_items_parent_idx" ON "storage_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "storage_items_letter_fk_idx" ON "storage_items" USING btree ("letter_id") WHERE "storage_items"."letter_id" is not null;--> statement-breakpoint
CREATE INDEX "storage_items_customer_fk_idx" ON "storage_items" USING btree ("customer_id") WHERE "storage_items"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "storage_items_creator_fk_idx" ON "storage_items" USING btree ("creator_id") WHERE "storage_items"."creator_id" is not null;--> statement-breakpoint
CREATE INDEX "storage_uploads_folder_idx" ON "storage_uploads" USING btree ("folder_id");