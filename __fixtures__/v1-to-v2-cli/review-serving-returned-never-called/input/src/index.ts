// nothing calls it
