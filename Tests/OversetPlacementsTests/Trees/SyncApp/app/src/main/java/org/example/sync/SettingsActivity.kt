package org.example.sync

import android.os.Bundle
import androidx.appcompat.app.AppCompatActivity

// The theme has no action bar: the activity sets its toolbar as one, which shows the activity's label.
class SettingsActivity : AppCompatActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_main)
        setSupportActionBar(findViewById(R.id.toolbar))
    }
}
