"""What a drill is: template schema, model/GPU catalog, seeded generator and bundled templates."""
