rootProject.name = "SyncApp"
include(
    ":app",
    ":core",
)
// include(":legacy")
include(":sample")
