-- Seed data for local development (applied once by the embedded backend and by
-- `supabase db reset`). The schema itself (incl. the `content` bucket) lives in migrations;
-- Bucket's sample screens run on in-app sample data, so no rows are required here.
select 1;
