package org.example.sync

import androidx.annotation.StringRes
import kotlinx.coroutines.flow.MutableSharedFlow

// A view model's own `showSnackbar`: it emits an event the screen shows later, through a flow.
class SyncViewModel {
    val messages = MutableSharedFlow<Int>(extraBufferCapacity = 1)

    private fun showSnackbar(@StringRes message: Int) {
        messages.tryEmit(message)
    }

    fun onPortInvalid() {
        showSnackbar(R.string.port_invalid)
    }
}
