"""The Scars: heroes, life/energy cards and a shared resolution zone (engine, data, scripted AI)."""
