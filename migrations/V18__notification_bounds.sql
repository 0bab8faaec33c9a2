-- Each notification a member causes is first counted against two bounds
-- (src/db/notifications.rs): what one member told another in the last hour,
-- and what all members told one member. Both are range reads on these.
-- The first also serves the actor's foreign key, as the index it replaces did.
CREATE INDEX notifications_from_actor ON notifications (actor_id, user_id, created_at);
DROP INDEX notifications_by_actor;
-- actor_id only so that the count reads the index alone.
CREATE INDEX notifications_from_members ON notifications (user_id, created_at, actor_id)
    WHERE actor_id IS NOT NULL;
