package org.example.sync

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.setContent

// A share target drawn in Compose with no toolbar: its label is what the system's share sheet shows.
class ShareActivity : ComponentActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContent { OfflineScreen() }
    }
}
