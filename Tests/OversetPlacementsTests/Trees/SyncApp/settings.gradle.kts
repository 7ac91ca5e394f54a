rootProject.name = "SyncApp"
include(":app", ":core")
include(":sample")
