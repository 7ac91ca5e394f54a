package org.example.notes

import android.os.Bundle
import androidx.appcompat.app.AppCompatActivity
import org.example.notes.databinding.ActivityMainBinding

class MainActivity : AppCompatActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val binding = ActivityMainBinding.inflate(layoutInflater)
        setContentView(binding.root)
        binding.syncStatus.setText(R.string.sync_status_idle)
    }
}
