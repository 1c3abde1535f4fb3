-- A photo's file goes with its picture row, however the row goes (a delete, an inventory or a stay deleted,
-- a client erased): a guest's photo never outlives their inventory.
CREATE FUNCTION inventory_pictures_drop_file() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM files WHERE id = OLD.file_id AND kind = 'inventory'; RETURN OLD; END $$;
CREATE TRIGGER inventory_pictures_drop_file AFTER DELETE ON inventory_pictures FOR EACH ROW EXECUTE FUNCTION inventory_pictures_drop_file();
