package org.example.sync

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.setContent
import androidx.compose.runtime.Composable

// A share target drawn in Compose with no toolbar: its label is what the system's share sheet shows.
class ShareActivity : ComponentActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContent { OfflineScreen() }
    }

    // The app's other screens, as its navigation shows them.
    @Composable
    private fun Screens(route: String) {
        when (route) {
            "hint" -> OfflineHint()
            "folders" -> FoldersScreen()
            "labels" -> LabelsScreen()
            "captions" -> Captions()
            "sections" -> Sections()
            "local" -> LocalStyled()
            else -> SettingsRows()
        }
    }
}
