-- +goose Up
-- Every commit that adds records to a game notifies the channel
-- 'sandtable:' || schema with "game_id actions", so each server sharing
-- the database can push them to its WebSocket clients (store.Watcher).
-- NOTIFY is transactional: listeners hear of a commit only once it is
-- durable, and never of a rolled-back append.
-- +goose StatementBegin
CREATE FUNCTION sandtable_notify_actions() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('sandtable:' || TG_TABLE_SCHEMA, NEW.id || ' ' || NEW.actions);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER games_actions_notify AFTER UPDATE OF actions ON games
    FOR EACH ROW WHEN (NEW.actions <> OLD.actions)
    EXECUTE FUNCTION sandtable_notify_actions();

-- +goose Down
DROP TRIGGER games_actions_notify ON games;
DROP FUNCTION sandtable_notify_actions();
