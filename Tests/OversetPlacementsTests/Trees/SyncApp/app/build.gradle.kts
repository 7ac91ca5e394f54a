plugins {
    id("com.android.application")
    kotlin("android")
}
android {
    namespace = "org.example.sync"
    defaultConfig { minSdk = 26 }
}
dependencies {
    implementation(project(":core"))
    testImplementation(project(":sample"))
}
